import { CancellationQuoteSchema, PayBookingRequestSchema } from './booking-desk.routes.ts';
import { BookingDocumentSchema } from './booking-documents.routes.ts';
import { SearchBookingRequestSchema, SearchBookingResponseSchema } from './search-booking.schemas.ts';

export { bookingDeskRoutes } from './booking-desk.routes.ts';
export { bookingDocumentsRoutes, type InvoiceEntry } from './booking-documents.routes.ts';
export { type BookingEvent, createBookingEventsRepository } from './booking-events-repository.ts';
export {
  type BookingChangeStep,
  type BookingFrame,
  createBookingFrame,
  type NewBookingStep,
} from './booking-frame.ts';
export {
  COMMON_CRITERIA,
  checked,
  instantRange,
  nameCriterion,
  onlyCriteria,
  type Range,
  type SearchBookingRequest,
} from './booking-search.ts';
export { createBookingTeller, type TellBooking } from './booking-teller.ts';
export {
  type BookingAnswer,
  type BookingLookup,
  type BookingPage,
  type BookingPart,
  type BookingProduct,
  type CancellationQuote,
  createProductRegistry,
  type DocumentPaper,
  type ProductRegistry,
  type TravelDocument,
} from './product-registry.ts';
export { newBookingReference } from './references.ts';
export type {
  DraftedPart,
  FlightTripParts,
  PartCancellationQuote,
  PlacedPart,
  PricedStay,
  StayTripParts,
  TripParts,
} from './trip-parts.ts';

/** The booking desk's schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const BOOKING_SCHEMAS = [
  SearchBookingRequestSchema,
  SearchBookingResponseSchema,
  CancellationQuoteSchema,
  PayBookingRequestSchema,
  BookingDocumentSchema,
];
export type { ProductModuleDeps } from './product-module-deps.ts';
