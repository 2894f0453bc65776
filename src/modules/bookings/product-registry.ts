import { AppError, invalidField } from '../../http/app-error.ts';
import type { Language } from '../../shared/messages/catalogue.ts';
import type { PaperDocument } from '../../shared/pdf/paper.ts';
import type { Principal } from '../auth/index.ts';
import type { PaymentInput } from '../payments/index.ts';
import type { SearchBookingRequest } from './booking-search.ts';

export type BookingLookup = { id?: string | undefined; reference?: string | undefined };
export type BookingAnswer = { booking: { id: string }; etag: string };
export type BookingPage = { data: unknown[]; next_cursor: string | null; total_count: number };
/**
 * A part of a booking cancelled on its own: a hotel room, or some passengers or the last slices of a
 * flight booking. Each product names the parts it takes.
 */
export type BookingPart = {
  room_id?: string | undefined;
  passenger_ids?: string[] | undefined;
  slices?: number[] | undefined;
};
export type PartName = keyof BookingPart;
const PART_NAMES: readonly PartName[] = ['room_id', 'passenger_ids', 'slices'];

export interface CancellationQuote {
  quote_id: string;
  booking_id: string;
  room_id: string | null;
  passenger_ids: string[] | null;
  slices: number[] | null;
  refund_amount: number;
  penalty_amount: number;
  currency: string;
  expires_at: string;
}

/** A travel document of a booking, as GET /booking_documents lists it. */
export interface TravelDocument {
  /** Its id within the booking: a ticket or EMD number, `voucher`. */
  id: string;
  type: 'eticket_receipt' | 'emd_receipt' | 'hotel_voucher';
  /** What it is and whose, for a list. */
  title: string;
  status: string;
  issued_at: string;
}

/** A document described for the press: its file name, and what is written on it. */
export interface DocumentPaper {
  filename: string;
  paper: PaperDocument;
}

/**
 * What a product (flights, hotels, and whatever comes next) gives the shared booking operations. Its
 * bookings are told apart by their id prefix (`bkg_…`) and reference length, both declared here.
 */
export interface BookingProduct {
  readonly name: string;
  readonly idPrefix: string;
  readonly referenceLength: number;
  /** The `$id` of the schema its bookings are shown with. */
  readonly schemaId: string;
  /** Where this product's own changes are made, for the 400 that a wrong operation answers. */
  readonly changedThrough: string;
  /** The parts of its bookings that can be quoted and cancelled on their own. */
  readonly parts: readonly PartName[];
  get(p: Principal, by: BookingLookup): Promise<BookingAnswer>;
  search(p: Principal, req: SearchBookingRequest): Promise<BookingPage>;
  quoteCancellation(p: Principal, id: string, part: BookingPart): Promise<CancellationQuote>;
  cancel(p: Principal, id: string, quoteId: string, part: BookingPart): Promise<BookingAnswer>;
  /** Pays a hold made without a payment, and confirms it (409 for a booking that is not such a hold). */
  pay(p: Principal, id: string, payment: PaymentInput): Promise<BookingAnswer>;
  /** The booking's travel documents (404 for a booking the caller may not see). */
  documents(p: Principal, id: string): Promise<TravelDocument[]>;
  /** One of them described in a language, for the press to draw as PDF; 404 for one it does not have. */
  documentPaper(p: Principal, id: string, documentId: string, language: Language): Promise<DocumentPaper>;
}

/** The booking products this installation sells; the booking desk dispatches through it. */
export function createProductRegistry() {
  const products: BookingProduct[] = [];
  const notFound = () => new AppError('NOT_FOUND', 'No such booking');

  const byId = (id: string) => products.find((p) => id.startsWith(`${p.idPrefix}_`));

  return {
    register(product: BookingProduct): void {
      const clash = products.find(
        (p) =>
          p.name === product.name ||
          p.idPrefix === product.idPrefix ||
          p.referenceLength === product.referenceLength,
      );
      if (clash) throw new Error(`booking product ${product.name} clashes with ${clash.name}`);
      products.push(product);
    },

    names: (): string[] => products.map((p) => p.name),
    schemaIds: (): string[] => products.map((p) => p.schemaId),

    /** The product of a booking id or reference; one that no product makes is 404, like a missing booking. */
    of(by: BookingLookup): BookingProduct {
      const found = by.id
        ? byId(by.id)
        : products.find((p) => p.referenceLength === (by.reference ?? '').length);
      if (!found) throw notFound();
      return found;
    },

    named(name: string): BookingProduct {
      const found = products.find((p) => p.name === name);
      if (!found) throw invalidField('/product', `is one of ${products.map((p) => p.name).join(', ')}`);
      return found;
    },

    /** A 400 pointing at the right operation when a booking of another product is sent to this one's. */
    require(id: string, name: string): void {
      const actual = byId(id);
      if (actual && actual.name !== name)
        throw invalidField('/booking_id', `is a ${actual.name} booking; ${actual.changedThrough}`);
    },

    /** A part the product does not cancel on its own (`room_id` of a flight booking) is 400. */
    checkPart(product: BookingProduct, part: BookingPart): void {
      for (const name of PART_NAMES) {
        if (part[name] === undefined || product.parts.includes(name)) continue;
        const takers = products.filter((p) => p.parts.includes(name)).map((p) => p.name);
        throw invalidField(`/${name}`, `applies to ${takers.join(' and ')} bookings only`);
      }
    },
  };
}

export type ProductRegistry = ReturnType<typeof createProductRegistry>;
