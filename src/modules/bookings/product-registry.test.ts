import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookingProduct, createProductRegistry, type PartName } from './product-registry.ts';

function product(
  name: string,
  idPrefix: string,
  referenceLength: number,
  parts: PartName[] = [],
): BookingProduct {
  const answer = async () => ({ booking: { id: `${idPrefix}_1` }, etag: '"v1"' });
  return {
    name,
    idPrefix,
    referenceLength,
    schemaId: `${name}Booking`,
    changedThrough: `${name} bookings change through /modify_${name}`,
    parts,
    get: answer,
    cancel: answer,
    pay: answer,
    search: async () => ({ data: [name], next_cursor: null, total_count: 1 }),
    quoteCancellation: async () => {
      throw new Error('unused');
    },
    documents: async () => [],
    documentPaper: async () => {
      throw new Error('unused');
    },
  };
}

function registry() {
  const products = createProductRegistry();
  products.register(product('flight', 'bkg', 6, ['passenger_ids', 'slices']));
  products.register(product('hotel', 'hbk', 8, ['room_id']));
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

  it('takes only the parts a product cancels on their own, naming who takes the others', () => {
    const products = registry();
    products.checkPart(products.named('hotel'), { room_id: 'hbr_1' });
    products.checkPart(products.named('flight'), {});
    products.checkPart(products.named('flight'), { passenger_ids: ['pax_1'], room_id: undefined });
    products.checkPart(products.named('flight'), { slices: [1] });
    const refusal = (name: string, part: object, pointer: string, detail: RegExp) =>
      assert.throws(
        () => products.checkPart(products.named(name), part),
        (e: any) => {
          assert.equal(e.code, 'VALIDATION_FAILED');
          assert.equal(e.extras.errors[0].pointer, pointer);
          assert.match(e.extras.errors[0].detail, detail);
          return true;
        },
      );
    refusal('car', { room_id: 'hbr_1' }, '/room_id', /applies to hotel bookings only/);
    refusal('flight', { room_id: 'hbr_1' }, '/room_id', /applies to hotel bookings only/);
    refusal('hotel', { passenger_ids: ['pax_1'] }, '/passenger_ids', /applies to flight bookings only/);
    refusal('car', { slices: [1] }, '/slices', /applies to flight bookings only/);
  });

  it('refuses a product whose name, id prefix or reference length is taken', () => {
    const products = registry();
    assert.throws(() => products.register(product('flight', 'new', 9)), /clashes with flight/);
    assert.throws(() => products.register(product('rail', 'hbk', 9)), /clashes with hotel/);
    assert.throws(() => products.register(product('rail', 'trn', 6)), /clashes with flight/);
    assert.throws(() => products.named('rail'), { code: 'VALIDATION_FAILED' });
  });
});
