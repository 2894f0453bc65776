import type { Static } from 'typebox';
import { HotelReviewSchema } from './api/hotel-reviews.routes.ts';
import {
  type BookHotelRequest,
  BookHotelRequestSchema,
  CheckRateRequestSchema,
  CheckRateResponseSchema,
  ModifyHotelBookingRequestSchema,
} from './booking/hotel-booking.schemas.ts';
import { HotelBookingSchema } from './booking/hotel-booking-view.schemas.ts';
import {
  HotelResultSchema,
  type SearchHotelsRequest,
  SearchHotelsRequestSchema,
  SearchHotelsResponseSchema,
} from './search/search-hotels.schemas.ts';

export { HOTEL_EVENTS } from './booking/hotel-event-types.ts';
export { generateHotels, HOTEL_PRESETS, type HotelPreset } from './demo/hotel-generator.ts';
export { hotelsModule } from './hotels.module.ts';
export { HOTEL_TABLES, hotelTableOf } from './inventory/hotel-csv.ts';
export type { HotelFile } from './inventory/hotel-file.ts';
/** What a hotel search answers: a search thread serialises its answers with it. */
export { SearchHotelsResponseSchema };

/** The hotel schemas a client names; added once to the app, so the OpenAPI document refers to them. */
export const HOTEL_SCHEMAS = [
  HotelResultSchema,
  HotelBookingSchema,
  SearchHotelsRequestSchema,
  SearchHotelsResponseSchema,
  CheckRateRequestSchema,
  CheckRateResponseSchema,
  BookHotelRequestSchema,
  ModifyHotelBookingRequestSchema,
  HotelReviewSchema,
];
export { type HotelBookingView, voucherToMail } from './booking/hotel-voucher.ts';
/** What trips (a flight and a stay sold together) use of hotels: the request shapes and a result as shown. */
export type { BookHotelRequest, SearchHotelsRequest };
export type HotelResult = Static<typeof HotelResultSchema>;
