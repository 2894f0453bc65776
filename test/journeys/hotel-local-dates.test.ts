import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../helpers/factories.ts';
import { bookHotel, firstRate, hotelBookingBody, LONDON, seedHotels } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const AUCKLAND = 'cty_2193733';

/**
 * Shortly after 11:00 UTC on 21 November it is already the 22nd in Auckland (UTC+13): a stay checking in on
 * the 21st can still be sold in London but no longer in Auckland.
 */
describe('stays sold by the date where the hotel is', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    const file = await seedHotels(t);
    const london = file.hotels.find((h) => h.city_id === LONDON)!;
    await t.hotels.importHotels({ hotels: [{ ...london, code: 'AKL-HARBOUR', city_id: AUCKLAND }] });
    await t.hotels.refreshIndex();
  });
  after(() => t.close());

  const today = () => t.clock.now().toISOString().slice(0, 10);
  const tomorrow = () => new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  const stayIn = (city: string) => ({
    destination: { city_id: city },
    check_in: today(),
    check_out: tomorrow(),
    rooms: [{ adults: 2 }],
  });

  it('searches, rate-checks and books a stay only while its check-in date has not passed locally', async () => {
    const buyer = await signIn(t);
    const search = async (city: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/search_hotels',
          headers: buyer.auth,
          payload: stayIn(city),
        })
      ).json();
    assert.ok((await search(LONDON)).data.length > 0, 'London still sells tonight');

    t.clock.advance(-70 * 60); // 10:50 UTC: 23:50 in Auckland, still the 21st there
    const { option } = await firstRate(t, buyer.auth, stayIn(AUCKLAND));
    t.clock.advance(20 * 60); // 11:10 UTC: ten past midnight on the 22nd in Auckland; the rate key still valid

    assert.equal((await search(AUCKLAND)).data.length, 0, 'the 21st is over in Auckland');
    const check = await t.app.inject({
      method: 'POST',
      url: '/check_rate',
      headers: buyer.auth,
      payload: { rate_key: option.rate_key },
    });
    assert.equal(check.statusCode, 200);
    assert.equal(check.json().status, 'sold_out');
    assert.match(check.json().reason, /has passed where the hotel is/);
    const booked = await bookHotel(
      t,
      buyer.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
    assert.equal(booked.statusCode, 409, booked.body);
    assert.equal(booked.json().code, 'NO_AVAILABILITY');
    t.clock.advance(50 * 60);
  });
});
