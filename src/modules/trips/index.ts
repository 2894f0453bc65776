import {
  AcceptTripChangeRequestSchema,
  BookTripRequestSchema,
  SearchTripsRequestSchema,
  SearchTripsResponseSchema,
  TripPackageSchema,
  TripSchema,
} from './trips.schemas.ts';

export { TRIP_EVENTS } from './trip-event-types.ts';
export { tripsModule } from './trips.module.ts';

/** The trip schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const TRIP_SCHEMAS = [
  TripSchema,
  TripPackageSchema,
  SearchTripsRequestSchema,
  SearchTripsResponseSchema,
  BookTripRequestSchema,
  AcceptTripChangeRequestSchema,
];
