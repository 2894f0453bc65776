import { invalidField } from '../../../http/app-error.ts';
import type { Principal } from '../../auth/index.ts';
import { partnersOf } from '../inventory/carrier-partners.ts';
import type { Cabin } from '../inventory/network-file.ts';
import { rankAlternatives } from './change-alternatives.ts';
import { mixOf } from './change-rules.ts';
import { validatingCarrierOf } from './flight-booking-record.ts';
import type { SearchChangesRequest } from './flight-change.schemas.ts';
import {
  CHANGE_OFFER_TTL_SECONDS,
  type ChangeContext,
  type FlightChangeDeps,
  type FlightIds,
  isInvoluntary,
} from './flight-change-context.ts';
import type { OfferFlights } from './flight-offer-now.ts';

/** Alternatives kept per slice, and change offers at most per search. */
const PER_SLICE = 8;
const MAX_OFFERS = 20;

/**
 * Change offers for new dates of some slices, in the order of their alternatives: the validating
 * carrier's own flights first, nearest the time booked, then its partners'.
 */
export function createChangeSearch(deps: FlightChangeDeps, context: ChangeContext) {
  const { clock } = deps;
  const { tokens, visible, flightIdsOf, loadsFor, quoteFor, flightsFor, checkChange } = context;
  return async function searchChanges(principal: Principal & { role: string }, input: SearchChangesRequest) {
    const row = await visible(principal, input.booking_id);
    const now = clock.now();
    const changed = input.slices.map((s) => s.slice);
    if (new Set(changed).size !== changed.length)
      throw invalidField('/slices', 'names a slice more than once');
    checkChange(row, changed, now);
    const cabin = row.itinerary.cabin as Cabin;
    const mix = mixOf(row.passengers, row.itinerary.slices[0]!.departure_date);
    // Alternatives for each slice: the same route and brand on the new date, on the booking's carrier or
    // its partners (asked for by name, the search's airline filter taking twenty at a time, so that other
    // airlines' cheaper offers never crowd them out), any airline only for the airline's own changes.
    // The validating carrier: the one whose tickets the booking holds, through every change.
    const carrier = validatingCarrierOf(row.itinerary);
    const partners = partnersOf(carrier);
    const involuntary = isInvoluntary(row);
    const alternatives = new Map<number, FlightIds[number][]>();
    for (const s of input.slices) {
      const old = row.itinerary.slices[s.slice]!;
      const ask = (include?: string[]) =>
        deps.search.searchFlights(
          {
            slices: [{ origin: old.origin, destination: old.destination, departure_date: s.departure_date }],
            passengers: { adults: mix.adults, children: mix.children, infants: mix.infants },
            cabin,
            max_connections: input.max_connections ?? 1,
            limit: 50,
            ...(include ? { airlines: { include } } : {}),
          },
          { agencyId: row.agency_id, role: principal.role },
        );
      // The search's airline filter takes twenty: the carrier itself in every group, so that its flights
      // joined with any partner's are found.
      const groups = Array.from({ length: Math.max(1, Math.ceil(partners.length / 19)) }, (_, k) => [
        carrier,
        ...partners.slice(k * 19, k * 19 + 19),
      ]);
      const ofBrand = (answers: Awaited<ReturnType<typeof ask>>[]) =>
        answers.flatMap((a) => a.data).filter((o) => o.brand === row.itinerary.brand);
      let offered = ofBrand(await Promise.all(groups.map((g) => ask(g))));
      // Another airline only for the airline's own change, and only when nothing of its own or its
      // partners' is left: asked for then, not on every change.
      if (offered.length === 0 && involuntary) offered = ofBrand([await ask()]);
      const seen = new Set<string>();
      const found = offered
        .map((o) => ({ offer: o, option: deps.offers.read(o.id)!.slices[0]! }))
        .filter(({ option }) => {
          const key = JSON.stringify(option);
          return !seen.has(key) && seen.add(key);
        });
      const options = rankAlternatives(
        found.map(({ offer, option }) => ({
          option,
          carriers: offer.slices[0]!.segments.map((g) => g.carrier),
          departs: offer.slices[0]!.segments[0]!.departing_at.slice(11, 16),
          price: offer.total_amount,
        })),
        {
          carrier,
          partners,
          departs: old.segments[0]!.departing_at.slice(11, 16),
          involuntary,
        },
      ).slice(0, PER_SLICE);
      alternatives.set(s.slice, options);
    }
    // Every combination of the alternatives, the other slices as booked.
    let combos: FlightIds[] = [flightIdsOf(row)];
    for (const [index, options] of alternatives)
      combos = combos.flatMap((c) => options.map((o) => c.map((s, k) => (k === index ? o : s))));
    const current = JSON.stringify(flightIdsOf(row));
    const offers = [];
    for (const slices of combos.slice(0, MAX_OFFERS * 2)) {
      if (JSON.stringify(slices) === current) continue;
      let flights: OfferFlights;
      try {
        flights = await flightsFor(row, slices, now);
      } catch {
        continue; // a kept flight that no longer operates: this booking must change that slice too
      }
      const quote = quoteFor(row, flights, new Set(changed), await loadsFor(row, flights));
      if (!quote) continue;
      const expires = Math.floor(now.getTime() / 1000) + CHANGE_OFFER_TTL_SECONDS;
      offers.push({
        id: tokens.issue({
          booking_id: row.id,
          version: row.version,
          slices,
          changed,
          total: quote.after,
          expires,
        }),
        booking_id: row.id,
        expires_at: new Date(expires * 1000).toISOString(),
        involuntary: isInvoluntary(row),
        changed_slices: changed,
        slices: quote.itinerary.slices,
        fare_difference_amount: quote.change.fare_difference,
        penalty_amount: quote.change.penalty,
        forfeited_services_amount: quote.change.forfeited_services,
        residual_refund_amount: quote.change.residual_refund,
        change_total_amount: quote.after - quote.before,
        new_total_amount: quote.after,
        currency: row.currency,
      });
    }
    return { booking_id: row.id, data: offers.slice(0, MAX_OFFERS) };
  };
}
