import type { Static } from 'typebox';
import { AddServicesRequestSchema, FlightServiceSchema } from './ancillaries/ancillaries.schemas.ts';
import { SeatMapSchema } from './api/seat-maps.route.ts';
import {
  type BookFlightRequest,
  BookFlightRequestSchema,
  FlightBookingSchema,
  PassengerInputSchema,
  UpdateBookingRequestSchema,
} from './booking/flight-booking.schemas.ts';
import {
  ChangeBookingRequestSchema,
  ChangeOfferSchema,
  SearchChangesRequestSchema,
  SearchChangesResponseSchema,
} from './booking/flight-change.schemas.ts';
import { FLIGHT_EVENT_SCHEMAS } from './booking/flight-event-types.ts';
import { FlightTicketSchema } from './booking/ticket.schemas.ts';
import {
  OfferSchema,
  type SearchFlightRequest,
  SearchFlightRequestSchema,
  SearchFlightResponseSchema,
} from './search/search-flight.schemas.ts';

export { FLIGHT_EVENTS } from './booking/flight-event-types.ts';
export { generateNetwork, PRESETS, type Preset } from './demo/network-generator.ts';
export { DEMO_SEAT_LAYOUTS } from './demo/seat-layouts.ts';
export { flightsModule } from './flights.module.ts';
export { isFaresCsv } from './inventory/fare-csv.ts';
export type { NetworkFile } from './inventory/network-file.ts';
/** What a flight search answers: a search thread serialises its answers with it. */
export { SearchFlightResponseSchema };

/** The flight schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const FLIGHT_SCHEMAS = [
  ...FLIGHT_EVENT_SCHEMAS,
  OfferSchema,
  FlightTicketSchema,
  FlightBookingSchema,
  SearchFlightRequestSchema,
  SearchFlightResponseSchema,
  BookFlightRequestSchema,
  UpdateBookingRequestSchema,
  SeatMapSchema,
  FlightServiceSchema,
  AddServicesRequestSchema,
  ChangeOfferSchema,
  SearchChangesRequestSchema,
  SearchChangesResponseSchema,
  ChangeBookingRequestSchema,
];
export { receiptsToMail } from './booking/flight-documents.ts';
export { resealFlightBookings } from './booking/flight-personal-data-repository.ts';
export type { FlightBookingView } from './booking/ticket-receipts.ts';
export type { BookFlightRequest, SearchFlightRequest };
/** What trips (a flight and a stay sold together) use of flights: the request shapes and an offer as shown. */
export { PassengerInputSchema };
export type FlightOffer = Static<typeof OfferSchema>;
