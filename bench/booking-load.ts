/** A booking load: offers to book (found once), and autocannon requests that book them in rotation. */
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION } from './harness.ts';

export async function offersToBook(
  base: string,
  headers: Record<string, string>,
  day: (n: number) => string,
) {
  const offers: Array<{ id: string; total_amount: number; total_currency: string }> = [];
  for (let d = 20; d < 60; d++) {
    const res = await fetch(`${base}/search_flight`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: day(d) }],
        passengers: { adults: 1 },
        max_connections: 0,
        limit: 4,
      }),
    });
    offers.push(...((await res.json()) as { data: typeof offers }).data);
  }
  return offers;
}

export const BENCH_PASSENGER = {
  type: 'adult',
  title: 'ms',
  given_name: 'Ada',
  family_name: 'Bench',
  gender: 'f',
  born_on: '1985-03-14',
  document: {
    type: 'passport',
    number: 'P1234567',
    issuing_country: 'GB',
    nationality: 'GB',
    expires_on: '2035-01-01',
  },
};

/** How the bookings are paid: a hold takes no payment; the others are instant and paid. */
export type Paying = 'card' | 'balance' | 'hold';

const paymentOf = (paying: Paying) =>
  paying === 'hold'
    ? { type: 'hold' }
    : { payment: paying === 'card' ? { type: 'card', card_token: 'tok_visa' } : { type: 'balance' } };

/**
 * Autocannon options that book the offers in turn, each request with a new Idempotency-Key; answers
 * other than 201 are counted by their problem `code` into `failures`, so a run says why it failed.
 */
export function bookingRequests(
  base: string,
  headers: Record<string, string>,
  offers: Array<{ id: string; total_amount: number; total_currency: string }>,
  tag: string,
  paying: Paying = 'card',
  failures: Map<string, number> = new Map(),
): autocannon.Options {
  let n = 0;
  return {
    url: `${base}/book_flight`,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (req) => {
          const offer = offers[n++ % offers.length]!;
          return {
            ...req,
            headers: { ...headers, 'idempotency-key': `bench-${tag}-${Date.now()}-${n}` },
            body: JSON.stringify({
              offer_id: offer.id,
              passengers: [BENCH_PASSENGER],
              contact: { email: 'bench@example.com', phone: '+442071234567' },
              expected_total: { amount: offer.total_amount, currency: offer.total_currency },
              ...paymentOf(paying),
            }),
          };
        },
        onResponse: (status, body) => {
          if (status === 201) return;
          let code = String(status);
          try {
            code = (JSON.parse(body) as { code?: string }).code ?? code;
          } catch {}
          failures.set(code, (failures.get(code) ?? 0) + 1);
        },
      },
    ],
  };
}

/** Books at a steady load (the harness's connections and duration); throughput, latency and outcome counts. */
export async function measureBookings(
  base: string,
  headers: Record<string, string>,
  offers: Array<{ id: string; total_amount: number; total_currency: string }>,
  tag: string,
  paying: Paying = 'card',
) {
  const failures = new Map<string, number>();
  const r = await autocannon({
    duration: DURATION,
    connections: CONNECTIONS,
    ...bookingRequests(base, headers, offers, tag, paying, failures),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    booked: r['2xx'],
    bad: r.non2xx + r.errors,
    /** Failed answers by problem code. */
    failures: Object.fromEntries(failures),
  };
}
