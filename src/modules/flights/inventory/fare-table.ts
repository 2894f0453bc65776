import { LRUCache } from 'lru-cache';
import type { ExtraBagTerms } from './bag-rules.ts';
import { CABINS } from './cabins.ts';
import { type FarePricing, farePricingOf } from './fare-calendar.ts';
import type { FareIndexRow, FareRoute } from './network-repository.ts';
import type { SeatFees } from './seat-rules.ts';

/** Times a load reads again routes forgotten while they were read, before it gives up. */
const LOAD_ATTEMPTS = 5;

/** A fare as searches and bookings price with it. */
export interface Fare {
  brand: string;
  currency: string;
  adult: number;
  child: number;
  infant: number;
  tax: number;
  infantTax: number;
  checkedBags: number;
  cabinBags: number;
  change: { allowed: boolean; penalty: number };
  refund: { allowed: boolean; penalty: number };
  seatFees: SeatFees;
  /** An extra checked bag on this flight's slice, or null when the fare sells none. */
  extraBags: ExtraBagTerms | null;
  /** How the fare moves with the calendar, or null when it is sold as filed. */
  pricing: FarePricing | null;
}

/** Columns of numbers kept per fare, in this order. */
const AMOUNTS = 11;
/** Routes whose fares are kept as objects at once: a search touches a few hundred. */
const ROUTES_MATERIALIZED = 20_000;

/**
 * The fares of the routes searched so far, in columns of numbers rather than an object each: amounts,
 * penalties and fees in one Float64Array (null as NaN), brand, currency and pricing as indexes into
 * interned lists (a pricing is parsed once however many fares share it), the fares of one carrier,
 * route and cabin as a list of row numbers. Routes are read from storage when first needed (`load`,
 * batched), so an index starts without reading every fare; `faresFor` gives a loaded route's fares as
 * objects, kept for the routes in use.
 */
export class FareTable {
  private numbers = new Float64Array(1024 * AMOUNTS);
  private codes = new Uint32Array(1024 * 3);
  private count = 0;
  private readonly rows = new Map<string, number[]>();
  private readonly strings: string[] = [];
  private readonly stringIndex = new Map<string, number>();
  private readonly pricings: (FarePricing | null)[] = [null];
  private readonly pricingIndex = new Map<string, number>();
  private readonly materialized = new LRUCache<string, Fare[]>({ max: ROUTES_MATERIALIZED });
  /** Routes read (or being read), by `carrier|origin|destination`. */
  private readonly routes = new Map<string, Promise<void> | true>();

  private readonly read: (routes: readonly FareRoute[]) => Promise<FareIndexRow[]>;

  /** `read` gives the stored fares of routes. */
  constructor(read: (routes: readonly FareRoute[]) => Promise<FareIndexRow[]>) {
    this.read = read;
  }

  /**
   * Reads the fares of the routes not read yet, in one batch; resolves once every one asked for is in. A
   * route forgotten while it was read (its fares changed in another process's import) is read again.
   */
  async load(routes: Iterable<FareRoute>): Promise<void> {
    const asked = [...routes];
    for (let attempt = 0; attempt < LOAD_ATTEMPTS; attempt++) {
      await this.loadOnce(asked);
      if (asked.every((r) => this.routes.get(routeKey(r.carrier, r.origin, r.destination)) === true)) return;
    }
    throw new Error('fares kept changing while they were read');
  }

  private async loadOnce(routes: readonly FareRoute[]): Promise<void> {
    const waiting: Promise<void>[] = [];
    const missing = new Map<string, FareRoute>();
    for (const r of routes) {
      const key = routeKey(r.carrier, r.origin, r.destination);
      const state = this.routes.get(key);
      if (state === true || missing.has(key)) continue;
      if (state) waiting.push(state);
      else missing.set(key, r);
    }
    if (missing.size > 0) {
      const reading: Promise<void> = this.read([...missing.values()]).then((rows) => {
        // A route forgotten while it was read (its fares changed) is read again by whoever asks next.
        const current = (key: string) => this.routes.get(key) === reading;
        for (const row of rows)
          if (current(routeKey(row.carrier, row.origin, row.destination))) this.add(row);
        for (const key of missing.keys()) if (current(key)) this.routes.set(key, true);
      });
      for (const key of missing.keys()) this.routes.set(key, reading);
      reading.catch(() => {
        for (const key of missing.keys()) if (this.routes.get(key) !== true) this.routes.delete(key);
      });
      waiting.push(reading);
    }
    await Promise.all(waiting);
  }

  private add(row: FareIndexRow): void {
    if ((this.count + 1) * AMOUNTS > this.numbers.length) {
      const numbers = new Float64Array(this.numbers.length * 2);
      numbers.set(this.numbers);
      this.numbers = numbers;
      const codes = new Uint32Array(this.codes.length * 2);
      codes.set(this.codes);
      this.codes = codes;
    }
    const i = this.count++;
    const n = i * AMOUNTS;
    const a = this.numbers;
    a[n] = row.adult_amount;
    a[n + 1] = row.child_amount;
    a[n + 2] = row.infant_amount;
    a[n + 3] = row.tax_amount;
    a[n + 4] = row.infant_tax_amount;
    a[n + 5] = row.changeable === 1 ? row.change_penalty : -1 - row.change_penalty;
    a[n + 6] = row.refundable === 1 ? row.refund_penalty : -1 - row.refund_penalty;
    a[n + 7] = row.seat_fee_standard ?? Number.NaN;
    a[n + 8] = row.seat_fee_preferred ?? Number.NaN;
    a[n + 9] = row.extra_bag_fee === null || row.extra_bag_max === 0 ? Number.NaN : row.extra_bag_fee;
    a[n + 10] = row.checked_bags * 65_536 + row.cabin_bags * 256 + row.extra_bag_max;
    const c = i * 3;
    this.codes[c] = this.intern(row.brand);
    this.codes[c + 1] = this.intern(row.currency);
    this.codes[c + 2] = this.internPricing(row.pricing);
    const key = fareKey(row.carrier, row.origin, row.destination, row.cabin);
    const list = this.rows.get(key);
    if (list) list.push(i);
    else this.rows.set(key, [i]);
  }

  /**
   * Forgets routes whose fares changed: their rows stay in the columns unused, and the next search of
   * them reads them again.
   */
  forget(routes: readonly FareRoute[]): void {
    for (const r of routes) {
      this.routes.delete(routeKey(r.carrier, r.origin, r.destination));
      for (const cabin of CABINS) {
        const key = fareKey(r.carrier, r.origin, r.destination, cabin);
        this.rows.delete(key);
        this.materialized.delete(key);
      }
    }
  }

  /** The fares of a carrier between two airports in a cabin, by brand; the route must have been loaded. */
  faresFor(carrier: string, origin: string, destination: string, cabin: string): Fare[] {
    if (this.routes.get(routeKey(carrier, origin, destination)) !== true)
      throw new Error(`fares of ${carrier} ${origin}-${destination} asked for before they were loaded`);
    const key = fareKey(carrier, origin, destination, cabin);
    const hit = this.materialized.get(key);
    if (hit) return hit;
    const fares = (this.rows.get(key) ?? []).map((i) => this.fareAt(i));
    this.materialized.set(key, fares);
    return fares;
  }

  private fareAt(i: number): Fare {
    const a = this.numbers;
    const n = i * AMOUNTS;
    const c = i * 3;
    const nullable = (v: number) => (Number.isNaN(v) ? null : v);
    const packed = a[n + 10]!;
    const extraBagMax = packed % 256;
    const extraBagFee = a[n + 9]!;
    const change = a[n + 5]!;
    const refund = a[n + 6]!;
    return {
      brand: this.strings[this.codes[c]!]!,
      currency: this.strings[this.codes[c + 1]!]!,
      adult: a[n]!,
      child: a[n + 1]!,
      infant: a[n + 2]!,
      tax: a[n + 3]!,
      infantTax: a[n + 4]!,
      checkedBags: Math.floor(packed / 65_536),
      cabinBags: Math.floor(packed / 256) % 256,
      change: change >= 0 ? { allowed: true, penalty: change } : { allowed: false, penalty: -1 - change },
      refund: refund >= 0 ? { allowed: true, penalty: refund } : { allowed: false, penalty: -1 - refund },
      seatFees: { standard: nullable(a[n + 7]!), preferred: nullable(a[n + 8]!) },
      extraBags: Number.isNaN(extraBagFee) ? null : { amount: extraBagFee, max: extraBagMax },
      pricing: this.pricings[this.codes[c + 2]!]!,
    };
  }

  private intern(s: string): number {
    let i = this.stringIndex.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.stringIndex.set(s, i);
    }
    return i;
  }

  /** Each distinct pricing parsed once and shared by every fare filed with it. */
  private internPricing(stored: string | null): number {
    if (stored === null) return 0;
    let i = this.pricingIndex.get(stored);
    if (i === undefined) {
      i = this.pricings.push(farePricingOf(stored)) - 1;
      this.pricingIndex.set(stored, i);
    }
    return i;
  }
}

function routeKey(carrier: string, origin: string, destination: string): string {
  return `${carrier}|${origin}|${destination}`;
}

function fareKey(carrier: string, origin: string, destination: string, cabin: string): string {
  return `${carrier}|${origin}|${destination}|${cabin}`;
}
