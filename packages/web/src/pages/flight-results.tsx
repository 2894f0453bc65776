import { useState } from 'preact/hooks';
import { api, type components, unwrap } from '../api.ts';
import { date, duration, localTime, money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { navigate, useLocation } from '../router.ts';
import { setState, useStore } from '../store.ts';
import { EmptyResults, ErrorView, Loading } from '../ui/states.tsx';
import { useAsync } from '../use-async.ts';

type Offer = components['schemas']['FlightOffer'];
type Request = components['schemas']['SearchFlightRequest'];
type Sort = Request['sort'];

/** The search the address describes (see flight-search.tsx). */
function requestFrom(query: URLSearchParams, currency: string): Request {
  const children = Number(query.get('children') ?? 0);
  const stops = query.get('stops');
  const airline = query.get('airline');
  return {
    slices: query.getAll('s').map((s) => {
      const [origin = '', destination = '', departure_date = ''] = s.split('|');
      return { origin, destination, departure_date };
    }),
    passengers: {
      adults: Number(query.get('adults') ?? 1),
      ...(children > 0 ? { children: Array.from({ length: children }, () => 8) } : {}),
      infants: Number(query.get('infants') ?? 0),
    },
    cabin: (query.get('cabin') as Request['cabin']) || 'economy',
    sort: (query.get('sort') as Sort) || 'price',
    limit: 30,
    flexible_days: query.getAll('s').length <= 2 ? 3 : 0,
    max_connections: stops === null ? 2 : Number(stops),
    max_layover_minutes: 720,
    ...(airline ? { airlines: { include: [airline] } } : {}),
    ...(currency ? { currency } : {}),
  };
}

/** Offers for the same flights, one per fare brand, shown side by side. */
function byItinerary(offers: Offer[]): Offer[][] {
  const groups = new Map<string, Offer[]>();
  for (const offer of offers) {
    const key = offer.slices
      .map((s) => s.segments.map((g) => `${g.flight_id}@${g.departure_date}`).join('+'))
      .join('/');
    groups.set(key, [...(groups.get(key) ?? []), offer]);
  }
  return [...groups.values()];
}

function Price(props: { offer: Offer }) {
  const { offer } = props;
  const converted = offer.total_in_currency;
  // No rate known for the offer's currency: its own price alone.
  return converted && converted.amount !== null && converted.currency !== offer.total_currency ? (
    <span class="price">
      {money(converted.amount, converted.currency)}
      <small> {t('offer.chargedIn', { amount: money(offer.total_amount, offer.total_currency) })}</small>
    </span>
  ) : (
    <span class="price">{money(offer.total_amount, offer.total_currency)}</span>
  );
}

function SliceLine(props: { slice: Offer['slices'][number] }) {
  const { slice } = props;
  const first = slice.segments[0];
  const last = slice.segments[slice.segments.length - 1];
  if (!first || !last) return null;
  return (
    <div class="slice-line">
      <strong>
        {localTime(first.departing_at, first.origin_time_zone)} {slice.origin} →{' '}
        {localTime(last.arriving_at, last.destination_time_zone)} {slice.destination}
      </strong>
      <span>
        {date(slice.departure_date)} · {duration(slice.duration_minutes)} ·{' '}
        {slice.connections === 0 ? t('offer.direct') : t('offer.stops', { count: slice.connections })} ·{' '}
        {[...new Set(slice.segments.map((s) => s.carrier_name))].join(', ')} ·{' '}
        {slice.segments.map((s) => s.flight_number).join(' ')}
      </span>
    </div>
  );
}

function ItineraryCard(props: { offers: Offer[]; search: string }) {
  const [first] = props.offers;
  if (!first) return null;
  const choose = (offer: Offer) => {
    setState({ chosenOffer: { offer, search: props.search } });
    navigate('/flights/book');
  };
  return (
    <li class="card offer">
      {first.slices.map((slice) => (
        <SliceLine key={slice.origin + slice.departure_date} slice={slice} />
      ))}
      <section class="brands" aria-label={t('results.brands')}>
        {props.offers.map((offer) => (
          <div class="brand" key={offer.id}>
            <h3>{offer.brand}</h3>
            <Price offer={offer} />
            <ul class="conditions">
              <li>{t('offer.bags', { cabin: offer.baggage.cabin, checked: offer.baggage.checked })}</li>
              <li>{offer.conditions.refund.allowed ? t('offer.refundable') : t('offer.nonRefundable')}</li>
              {offer.conditions.change.allowed && <li>{t('offer.changeable')}</li>}
              {offer.seats_left <= 5 && (
                <li class="warn">{t('offer.seatsLeft', { count: offer.seats_left })}</li>
              )}
            </ul>
            <button
              type="button"
              onClick={() => choose(offer)}
              aria-label={`${t('results.select')} ${offer.brand}`}
            >
              {t('results.select')}
            </button>
          </div>
        ))}
      </section>
    </li>
  );
}

function Calendar(props: {
  calendar: NonNullable<components['schemas']['SearchFlightResponse']['calendar']>;
  query: URLSearchParams;
}) {
  const setDates = (dates: string[]) => {
    const next = new URLSearchParams(props.query);
    const slices = next.getAll('s').map((s, i) => {
      const parts = s.split('|');
      parts[2] = dates[i] ?? parts[2] ?? '';
      return parts.join('|');
    });
    next.delete('s');
    for (const s of slices) next.append('s', s);
    navigate(`/flights/results?${next}`);
  };
  const current = props.query.getAll('s').map((s) => s.split('|')[2]);
  return (
    <nav class="calendar" aria-label={t('results.calendar')}>
      <h2>{t('results.calendar')}</h2>
      <ul>
        {props.calendar.map((day) => {
          const selected = day.departure_dates.every((d, i) => d === current[i]);
          return (
            <li key={day.departure_dates.join()}>
              <button
                type="button"
                class={selected ? 'day selected' : 'day'}
                aria-pressed={selected}
                disabled={day.lowest_total_amount === null}
                onClick={() => setDates(day.departure_dates)}
              >
                <span>{day.departure_dates.map((d) => date(d)).join(' – ')}</span>
                <strong>
                  {day.lowest_total_amount === null || !day.currency
                    ? '—'
                    : money(day.lowest_total_amount, day.currency)}
                </strong>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function FlightResultsPage() {
  const { query } = useLocation();
  const { displayCurrency } = useStore();
  const search = query.toString();
  const [more, setMore] = useState<Offer[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const result = useAsync(async () => {
    setMore([]);
    const answer = await unwrap(api.POST('/search_flight', { body: requestFrom(query, displayCurrency) }));
    setCursor(answer.next_cursor);
    return answer;
  }, [search, displayCurrency]);
  const refine = (name: string, value: string) => {
    const next = new URLSearchParams(query);
    if (value === '') next.delete(name);
    else next.set(name, value);
    navigate(`/flights/results?${next}`, { replace: true });
  };
  const loadMore = async () => {
    if (!cursor) return;
    const answer = await unwrap(
      api.POST('/search_flight', { body: { ...requestFrom(query, displayCurrency), cursor } }),
    );
    setMore((m) => [...m, ...answer.data]);
    setCursor(answer.next_cursor);
  };
  const offers = [...(result.data?.data ?? []), ...more];
  const airlines = [
    ...new Set(offers.flatMap((o) => o.slices.flatMap((s) => s.segments.map((g) => g.carrier)))),
  ];

  return (
    <>
      <h1>{t('nav.flights')}</h1>
      <div class="results-layout">
        <aside class="filters card" aria-label={t('results.sort')}>
          <label>
            {t('results.sort')}
            <select
              value={query.get('sort') ?? 'price'}
              onChange={(e) => refine('sort', (e.currentTarget as HTMLSelectElement).value)}
            >
              {(['price', 'duration', 'departure'] as const).map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('results.stops')}
            <select
              value={query.get('stops') ?? ''}
              onChange={(e) => refine('stops', (e.currentTarget as HTMLSelectElement).value)}
            >
              <option value="">{t('results.anyStops')}</option>
              <option value="0">{t('results.direct')}</option>
              <option value="1">≤ 1</option>
            </select>
          </label>
          <label>
            {t('results.airlines')}
            <select
              value={query.get('airline') ?? ''}
              onChange={(e) => refine('airline', (e.currentTarget as HTMLSelectElement).value)}
            >
              <option value="">—</option>
              {[
                ...new Set([...(query.get('airline') ? [query.get('airline') as string] : []), ...airlines]),
              ].map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        </aside>
        <section class="results" aria-busy={result.loading}>
          {result.data?.calendar && result.data.calendar.length > 0 && (
            <Calendar calendar={result.data.calendar} query={query} />
          )}
          {result.loading && <Loading />}
          {result.error !== undefined && <ErrorView error={result.error} retry={result.retry} />}
          {result.data && offers.length === 0 && <EmptyResults />}
          {result.data && offers.length > 0 && (
            <>
              <p role="status">{t('results.count', { count: result.data.total_count })}</p>
              <ul class="offers">
                {byItinerary(offers).map((group) => (
                  <ItineraryCard key={group[0]?.id} offers={group} search={search} />
                ))}
              </ul>
              {cursor && (
                <button type="button" class="secondary" onClick={loadMore}>
                  {t('results.more')}
                </button>
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}
