import { invalidField } from '../../http/app-error.ts';

export type Product = 'flight' | 'hotel';

/** Which product a booking is, by its id (`hbk_` hotel, `bkg_` flight) or reference (8 or 6 characters). */
export function productOf(by: { id?: string | undefined; reference?: string | undefined }): Product {
  if (by.id) return by.id.startsWith('hbk_') ? 'hotel' : 'flight';
  return (by.reference ?? '').length === 8 ? 'hotel' : 'flight';
}

const WHERE: Record<Product, string> = {
  flight: 'flight bookings change through /update_booking and /confirm_booking',
  hotel: 'hotel bookings change through /modify_hotel_booking',
};

/** A 400 pointing at the right operation when a booking id of the other product is sent. */
export function requireProduct(id: string, product: Product): void {
  const actual = productOf({ id });
  if (actual !== product) throw invalidField('/booking_id', `is a ${actual} booking; ${WHERE[actual]}`);
}
