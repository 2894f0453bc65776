import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookingProduct, createProductRegistry } from './product-registry.ts';

function product(
  name: string,
  idPrefix: string,
  referenceLength: number,
  cancelsParts = false,
): BookingProduct {
  const answer = async () => ({ booking: { id: `${idPrefix}_1` }, etag: '"v1"' });
  return {
    name,
    idPrefix,
    referenceLength,
    schemaId: `${name}Booking`,
    changedThrough: `${name} bookings change through /modify_${name}`,
    cancelsParts,
    get: answer,
    cancel: answer,
    search: async () => ({ data: [name], next_cursor: null, total_count: 1 }),
    quoteCancellation: async () => {
      throw new Error('unused');
    },
  };
}

function registry() {
  const products = createProductRegistry();
  products.register(product('flight', 'bkg', 6));
  products.register(product('hotel', 'hbk', 8, true));
  products.register(product('car', 'car', 7));
  return products;
}

describe('booking product registry', () => {
  it('finds a booking’s product by its id prefix or its reference length', () => {
    const products = registry();
    assert.equal(products.of({ id: 'hbk_0123' }).name, 'hotel');
    assert.equal(products.of({ id: 'bkg_0123' }).name, 'flight');
    assert.equal(products.of({ id: 'car_0123' }).name, 'car');
    assert.equal(products.of({ reference: 'ABCDEFGH' }).name, 'hotel');
    assert.equal(products.of({ reference: 'ABCDEF' }).name, 'flight');
    assert.deepEqual(products.names(), ['flight', 'hotel', 'car']);
    assert.deepEqual(products.schemaIds(), ['flightBooking', 'hotelBooking', 'carBooking']);
  });

  it('answers 404 for an id or reference no product makes, as for a missing booking', () => {
    const products = registry();
    for (const by of [{ id: 'xyz_0123' }, { id: 'hbk0123' }, { reference: 'ABCDE' }])
      assert.throws(() => products.of(by), { code: 'NOT_FOUND' });
  });

  it('points a booking sent to another product’s operation at the right one', () => {
    const products = registry();
    products.require('bkg_1', 'flight');
    products.require('zzz_1', 'hotel');
    assert.throws(
      () => products.require('hbk_1', 'flight'),
      (e: any) => {
        assert.equal(e.code, 'VALIDATION_FAILED');
        assert.match(e.extras.errors[0].detail, /is a hotel booking; hotel bookings change through/);
        return true;
      },
    );
  });

  it('takes a room only for products whose bookings cancel in parts', () => {
    const products = registry();
    products.checkPart(products.named('hotel'), { room_id: 'hbr_1' });
    products.checkPart(products.named('flight'), {});
    assert.throws(
      () => products.checkPart(products.named('car'), { room_id: 'hbr_1' }),
      (e: any) => {
        assert.equal(e.extras.errors[0].pointer, '/room_id');
        assert.match(e.extras.errors[0].detail, /applies to hotel bookings only/);
        return true;
      },
    );
  });

  it('refuses a product whose name, id prefix or reference length is taken', () => {
    const products = registry();
    assert.throws(() => products.register(product('flight', 'new', 9)), /clashes with flight/);
    assert.throws(() => products.register(product('rail', 'hbk', 9)), /clashes with hotel/);
    assert.throws(() => products.register(product('rail', 'trn', 6)), /clashes with flight/);
    assert.throws(() => products.named('rail'), { code: 'VALIDATION_FAILED' });
  });
});
