export { bookingDeskRoutes } from './booking-desk.routes.ts';
export { type BookingEvent, createBookingEventsRepository } from './booking-events-repository.ts';
export {
  COMMON_CRITERIA,
  checked,
  instantRange,
  nameCriterion,
  onlyCriteria,
  type Range,
  type SearchBookingRequest,
} from './booking-search.ts';
export {
  type BookingAnswer,
  type BookingLookup,
  type BookingPage,
  type BookingPart,
  type BookingProduct,
  type CancellationQuote,
  createProductRegistry,
  type ProductRegistry,
} from './product-registry.ts';
