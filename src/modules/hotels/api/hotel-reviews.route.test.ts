import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freshCredentials, postToken, signIn } from '../../../../test/helpers/factories.ts';
import {
  bookHotel,
  firstRate,
  hotelBookingBody,
  LONDON,
  PARIS,
  seedHotels,
  stay,
} from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../../../../test/helpers/test-app.ts';
import { generateHotels } from '../index.ts';

/** Guests review completed stays, once; admins moderate; search shows the published score. */
describe('hotel reviews', () => {
  let t: TestApp;
  let hotelId: string;
  let fields: Record<string, string>;
  let userId: string;
  const guest = { auth: {} as Record<string, string> };
  const signInAgain = async () => {
    guest.auth = { authorization: `Bearer ${(await postToken(t, fields)).json().access_token}` };
  };
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    hotelId = (await t.hotels.repository.listActiveHotels()).find((h) => h.city_id === LONDON)!.id;
    const credentials = await freshCredentials(t);
    fields = credentials.fields;
    userId = credentials.user.id;
    await signInAgain();
  });
  after(() => t.close());

  const post = (url: string, payload: object, auth = guest.auth) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });
  const get = (url: string, auth = guest.auth) => t.app.inject({ method: 'GET', url, headers: auth });
  /** A stay at the hotel `from` days ahead, two nights. */
  const book = async (from: number) => {
    const { option } = await firstRate(
      t,
      guest.auth,
      stay(t, from, 2, { destination: { hotel_ids: [hotelId] }, filters: { refundable_only: true } }),
    );
    const total = { amount: option.total_amount, currency: option.currency };
    const res = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total),
    );
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  };
  const text = 'Quiet room, kind staff, and a breakfast worth getting up for.';
  const scoreInSearch = async () => {
    const found = await post('/search_hotels', stay(t, 30, 1, { destination: { hotel_ids: [hotelId] } }));
    const { review_score, review_count } = found.json().data[0].hotel;
    const details = (await get(`/b2c/hotels/${hotelId}`)).json();
    assert.deepEqual([details.review_score, details.review_count], [review_score, review_count]);
    return [review_score, review_count];
  };

  it('takes one review of a stay once it is over, shows it once published, and keeps the hotel’s score', async () => {
    const first = await book(3);
    const second = await book(3);
    const cancelled = await book(3);
    const quote = (await post('/quote_cancellation', { booking_id: cancelled.id })).json();
    await post('/cancel_booking', { booking_id: cancelled.id, quote_id: quote.quote_id });

    const early = await post('/review_hotel_stay', { booking_id: first.id, score: 9, text });
    assert.equal(early.statusCode, 409);
    assert.match(early.json().detail, /check-out day/);

    t.clock.advance(5 * 86_400);
    await signInAgain();
    const review = await post('/review_hotel_stay', {
      booking_id: first.id,
      score: 9,
      title: 'Lovely',
      text,
    });
    assert.equal(review.statusCode, 201, review.body);
    assert.deepEqual(
      [review.json().status, review.json().author, review.json().language, review.json().stayed_in],
      ['pending', 'Ada L.', 'en', first.check_in.slice(0, 7)],
    );
    assert.equal(review.json().booking_id, undefined, 'whose stay it is: admins only');
    const again = await post('/review_hotel_stay', { booking_id: first.id, score: 2, text });
    assert.equal(again.json().code, 'CONFLICT', 'one review per stay');
    const ofCancelled = await post('/review_hotel_stay', { booking_id: cancelled.id, score: 2, text });
    assert.equal(ofCancelled.json().code, 'INVALID_STATE_TRANSITION');
    const stranger = await signIn(t);
    const notTheirs = await post(
      '/review_hotel_stay',
      { booking_id: second.id, score: 1, text },
      stranger.auth,
    );
    assert.equal(notTheirs.statusCode, 404);

    const published = await get(`/hotel_reviews?hotel_id=${hotelId}`);
    assert.deepEqual(
      [published.json().data, published.json().review_score, published.json().review_count],
      [[], null, 0],
      'nothing shown before moderation',
    );
    assert.equal((await get('/hotel_reviews?status=pending')).statusCode, 403);
    assert.deepEqual(await scoreInSearch(), [null, 0]);

    const admin = await signIn(t, 'admin');
    const ownReview = await post(
      '/review_hotel_stay',
      { booking_id: second.id, score: 10, text },
      admin.auth,
    );
    assert.equal(ownReview.statusCode, 403, 'admins moderate, they do not review');
    const pending = (await get('/hotel_reviews?status=pending', admin.auth)).json();
    assert.deepEqual(
      pending.data.map((r: { booking_id: string }) => r.booking_id),
      [first.id],
    );
    const publish = await post(
      '/moderate_hotel_review',
      { review_id: review.json().id, decision: 'publish' },
      admin.auth,
    );
    assert.equal(publish.statusCode, 200, publish.body);
    assert.deepEqual(await scoreInSearch(), [9, 1]);

    const other = (await post('/review_hotel_stay', { booking_id: second.id, score: 6, text })).json();
    await post('/moderate_hotel_review', { review_id: other.id, decision: 'publish' }, admin.auth);
    assert.deepEqual(await scoreInSearch(), [7.5, 2]);
    const page = (await get(`/hotel_reviews?hotel_id=${hotelId}&limit=1`)).json();
    assert.deepEqual(
      page.data.map((r: { score: number }) => r.score),
      [6],
      'newest first',
    );
    const next = (await get(`/hotel_reviews?hotel_id=${hotelId}&limit=1&cursor=${page.next_cursor}`)).json();
    assert.deepEqual([next.data[0].score, next.next_cursor], [9, null]);

    const takenDown = await post(
      '/moderate_hotel_review',
      { review_id: other.id, decision: 'reject', reason: 'Not about the stay' },
      admin.auth,
    );
    assert.equal(takenDown.json().rejection_reason, 'Not about the stay');
    assert.deepEqual(await scoreInSearch(), [9, 1]);
    const twice = await post(
      '/moderate_hotel_review',
      { review_id: other.id, decision: 'publish' },
      admin.auth,
    );
    assert.equal(twice.json().code, 'CONFLICT');
  });

  it('publishes reviews imported with a hotel, replaces them on the next import, and keeps them when left out', async () => {
    const file = generateHotels(testCatalogue(), 'S', t.clock.now().toISOString().slice(0, 10));
    const paris = file.hotels.find((h) => h.city_id === PARIS)!;
    const review = (score: number, author: string) => ({
      score,
      text: 'Imported from the hotel’s own guest survey.',
      language: 'fr',
      author,
      stayed_in: '2026-05',
    });
    const admin = (await signIn(t, 'admin')).auth;
    const load = (hotel: object) =>
      t.app.inject({ method: 'POST', url: '/import_hotels', headers: admin, payload: { hotels: [hotel] } });
    assert.equal(
      (await load({ ...paris, reviews: [review(8, 'Léa R.'), review(5, 'Hugo T.')] })).statusCode,
      200,
    );
    const id = (await t.hotels.repository.findHotelByCode(paris.code))!.id;
    const listed = async () => (await get(`/hotel_reviews?hotel_id=${id}`)).json();
    const first = await listed();
    assert.deepEqual(
      [first.review_score, first.review_count, first.data.map((r: { author: string }) => r.author).sort()],
      [6.5, 2, ['Hugo T.', 'Léa R.']],
    );
    assert.equal((await load({ ...paris, reviews: [review(9, 'Chloé M.')] })).statusCode, 200);
    assert.deepEqual([(await listed()).review_score, (await listed()).review_count], [9, 1]);
    assert.equal((await load(paris)).statusCode, 200);
    assert.equal((await listed()).review_count, 1, 'left out: kept');
    const bad = await load({ ...paris, reviews: [{ ...review(11, 'X Y.'), stayed_in: 'May' }] });
    assert.deepEqual(
      bad.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/hotels/0/reviews/0/score', '/hotels/0/reviews/0/stayed_in'],
    );
  });

  it('answers what it cannot take with a clear 4xx: a bad score, no hotel, an unknown hotel or review', async () => {
    const admin = (await signIn(t, 'admin')).auth;
    for (const [res, status, code] of [
      [
        await post('/review_hotel_stay', { booking_id: 'hbk_nope', score: 11, text }),
        400,
        'VALIDATION_FAILED',
      ],
      [await post('/review_hotel_stay', { booking_id: 'hbk_nope', score: 8, text }), 404, 'NOT_FOUND'],
      [await get('/hotel_reviews'), 400, 'VALIDATION_FAILED'],
      [await get('/hotel_reviews?hotel_id=htl_nope'), 404, 'NOT_FOUND'],
      [
        await post('/moderate_hotel_review', { review_id: 'hrv_nope', decision: 'publish' }, admin),
        404,
        'NOT_FOUND',
      ],
    ] as const) {
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.json().code, code);
    }
  });

  // After the first test: its guest's stays are over.
  it('gives a guest’s reviews in their data export, and signs them by nobody once the guest is erased', async () => {
    t.clock.advance(2 * 86_400);
    const admin = (await signIn(t, 'admin')).auth;
    const exported = (await get(`/personal_data?user_id=${userId}`, admin)).json();
    const reviewed = exported.bookings.filter((b: { review: unknown }) => b.review);
    assert.deepEqual(
      reviewed
        .map((b: { review: { author: string; score: number } }) => [b.review.author, b.review.score])
        .sort(),
      [
        ['Ada L.', 6],
        ['Ada L.', 9],
      ],
    );
    const erased = await post('/erase_personal_data', { user_id: userId }, admin);
    assert.equal(erased.statusCode, 200, erased.body);
    const shown = (await get(`/hotel_reviews?hotel_id=${hotelId}`, admin)).json();
    assert.deepEqual(
      shown.data.map((r: { author: string }) => r.author),
      ['A guest'],
      'the published review stays, unsigned',
    );
  });
});
