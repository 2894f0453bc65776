import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { signIn } from '../../../../test/helpers/factories.ts';
import { seedHotels } from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** The demo hotels' pictures: drawn and served by Itinera, in three widths, to anyone's <img>. */
describe('hotel pictures', () => {
  let t: TestApp;
  let hotel: { id: string; code: string };
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    hotel = (await t.hotels.repository.listActiveHotels())[0]!;
  });
  after(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('names pictures of the hotel and each room type in its details, and serves each as WebP, without a token', async () => {
    const auth = (await signIn(t)).auth;
    const details = (await get(`/b2c/hotels/${hotel.id}`, auth)).json();
    assert.deepEqual(details.images, [
      `/images/hotels/${hotel.code}/1.webp`,
      `/images/hotels/${hotel.code}/2.webp`,
    ]);
    const pictures = [...details.images, ...details.room_types.map((r: { image: string }) => r.image)];
    assert.equal(pictures.length, 2 + details.room_types.length);
    for (const path of pictures) {
      for (const width of [320, 1280]) {
        const res = await get(`${path}?w=${width}`);
        assert.equal(res.statusCode, 200, `${path}: ${res.body.slice(0, 200)}`);
        assert.equal(res.headers['content-type'], 'image/webp');
        const meta = await sharp(res.rawPayload).metadata();
        assert.deepEqual([meta.format, meta.width], ['webp', width], path);
      }
    }
  });

  it('draws the same picture every time, answers 304 to its ETag, and refuses what it does not have', async () => {
    const path = `/images/hotels/${hotel.code}/1.webp`;
    const first = await get(path);
    const second = await get(path);
    assert.ok(first.rawPayload.equals(second.rawPayload));
    assert.equal(first.headers['cache-control'], 'public, max-age=604800');
    const again = await get(path, { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    const outside = await sharp(first.rawPayload).stats();
    const lobby = await sharp((await get(`/images/hotels/${hotel.code}/2.webp`)).rawPayload).stats();
    assert.notDeepEqual(outside.channels[0], lobby.channels[0], 'two different pictures');
    for (const [url, status] of [
      [`/images/hotels/NOPE-1/1.webp`, 404],
      [`/images/hotels/${hotel.code}/rooms/NOPE.webp`, 404],
      [`/images/hotels/${hotel.code}/3.webp`, 400],
      [`${path}?w=500`, 400],
    ] as const) {
      const res = await get(url);
      assert.equal(res.statusCode, status, url);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    }
  });
});
