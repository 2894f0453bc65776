/**
 * What the flight-servicing scenarios need: a fresh offer of a search (for its seat map) and a booking
 * of it on a changeable fare (for change searches).
 */
import { BENCH_PASSENGER } from './booking-load.ts';

type Headers = Record<string, string>;

/** The first nonstop offer of a search in the given brand (among its first 50). */
export async function offerOfBrand(base: string, headers: Headers, search: object, brand: string) {
  const res = await fetch(`${base}/search_flight`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...search, max_connections: 0, limit: 50 }),
  });
  const offer = (
    (await res.json()) as {
      data: Array<{ id: string; brand: string; total_amount: number; total_currency: string }>;
    }
  ).data.find((o) => o.brand === brand);
  if (!offer) throw new Error(`no ${brand} offer to service`);
  return offer;
}

/** A confirmed booking of an offer, paid by the test card. */
export async function bookedOffer(
  base: string,
  headers: Headers,
  offer: { id: string; total_amount: number; total_currency: string },
) {
  const res = await fetch(`${base}/book_flight`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `bench-servicing-${offer.id.slice(-12)}` },
    body: JSON.stringify({
      offer_id: offer.id,
      passengers: [BENCH_PASSENGER],
      contact: { email: 'bench@example.com', phone: '+442071234567' },
      expected_total: { amount: offer.total_amount, currency: offer.total_currency },
      payment: { type: 'card', card_token: 'tok_visa' },
    }),
  });
  const booking = (await res.json()) as { id?: string };
  if (res.status !== 201 || !booking.id)
    throw new Error(`booking for the change search failed: ${res.status}`);
  return booking.id;
}
