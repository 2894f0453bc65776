import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { signIn } from '../../../../test/helpers/factories.ts';
import { seedHotels } from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** A photograph-sized picture of one colour, as a file of `format`. */
const picture = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    [format]()
    .toBuffer();

/** Real pictures for real hotels: imported from a URL or a file, kept, served as every picture is. */
describe('hotel picture import', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let hotel: { id: string; code: string };
  let server: http.Server;
  let base: string;
  const files = new Map<string, { type: string; body: Buffer }>();

  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    hotel = (await t.hotels.repository.listActiveHotels())[0]!;
    admin = (await signIn(t, 'admin')).auth;
    customer = (await signIn(t)).auth;
    files.set('/lobby.jpg', { type: 'image/jpeg', body: await picture(2400, 1600, 'jpeg') });
    files.set('/notes.txt', { type: 'text/plain', body: Buffer.from('not a picture') });
    server = http.createServer((req, res) => {
      const file = files.get(req.url ?? '');
      if (!file) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': file.type }).end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.close();
    await t.close();
  });

  const details = async () =>
    (await t.app.inject({ method: 'GET', url: `/b2c/hotels/${hotel.id}`, headers: customer })).json();
  const served = async (url: string, width: number) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?w=${width}` });
    assert.equal(res.statusCode, 200, res.body.slice(0, 200));
    assert.equal(res.headers['content-type'], 'image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    return [meta.format, meta.width, meta.height];
  };

  it('imports a hotel’s picture from a URL, first among its pictures, shown by search too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/import_hotel_image',
      headers: admin,
      payload: { hotel_id: hotel.id, url: `${base}/lobby.jpg`, first: true },
    });
    assert.equal(res.statusCode, 201, res.body);
    const image = res.json();
    assert.deepEqual([image.width, image.height], [1920, 1280], 'kept at most 1920 wide');
    assert.equal(image.source, `${base}/lobby.jpg`);
    const shown = await details();
    assert.equal(shown.images[0], image.url);
    assert.equal(shown.images.length, 3);
    assert.deepEqual(await served(image.url, 320), ['webp', 320, 213]);
    assert.deepEqual(await served(image.url, 1280), ['webp', 1280, 853]);

    await t.hotels.refreshIndex();
    const search = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: customer,
      payload: {
        destination: { hotel_ids: [hotel.id] },
        check_in: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        check_out: new Date(t.clock.now().getTime() + 32 * 86_400_000).toISOString().slice(0, 10),
        rooms: [{ adults: 2 }],
      },
    });
    assert.equal(search.json().data[0]?.hotel.image, image.url);

    const removed = await t.app.inject({
      method: 'POST',
      url: '/delete_hotel_image',
      headers: admin,
      payload: { id: image.id },
    });
    assert.equal(removed.statusCode, 204);
    assert.equal((await details()).images.includes(image.url), false);
    const gone = await t.app.inject({ method: 'GET', url: image.url.replace(/\.webp$/, '.webp?w=640') });
    assert.equal(gone.statusCode, 404, 'never served at this width before, so not kept either');
  });

  it('takes a room type’s picture as a file and shows it on that room', async () => {
    const room = (await details()).room_types[0];
    const res = await t.app.inject({
      method: 'POST',
      url: `/upload_hotel_image?hotel_id=${hotel.id}&room_type=${room.code}`,
      headers: { ...admin, 'content-type': 'image/png' },
      payload: await picture(800, 600, 'png'),
    });
    assert.equal(res.statusCode, 201, res.body);
    const image = res.json();
    assert.equal(image.room_type, room.code);
    const shown = await details();
    assert.equal(shown.room_types[0].image, image.url);
    assert.equal(shown.images.includes(image.url), false, 'a room’s picture is not the hotel’s');
    assert.deepEqual(await served(image.url, 1280), ['webp', 800, 600], 'never wider than imported');
  });

  it('refuses what is not a picture, too small a one, a URL that has none, an unknown room', async () => {
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { ...admin, ...headers }, payload: payload as string });
    const text = await post(`/upload_hotel_image?hotel_id=${hotel.id}`, Buffer.from('hello'), {
      'content-type': 'image/jpeg',
    });
    assert.equal(text.statusCode, 400, text.body);
    assert.equal(text.json().errors[0].pointer, '/body');
    const tiny = await post(`/upload_hotel_image?hotel_id=${hotel.id}`, await picture(120, 90, 'png'), {
      'content-type': 'image/png',
    });
    assert.equal(tiny.statusCode, 400);
    assert.match(tiny.json().errors[0].detail, /at least 200 pixels/);
    const notes = await post('/import_hotel_image', { hotel_id: hotel.id, url: `${base}/notes.txt` });
    assert.equal(notes.statusCode, 400);
    assert.equal(notes.json().errors[0].pointer, '/url');
    const missing = await post('/import_hotel_image', { hotel_id: hotel.id, url: `${base}/nothing.jpg` });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.json().errors[0].detail, /answered 404/);
    const room = await post(
      `/upload_hotel_image?hotel_id=${hotel.id}&room_type=NOPE`,
      await picture(400, 300, 'png'),
      { 'content-type': 'image/png' },
    );
    assert.equal(room.statusCode, 404);
    const customerTry = await t.app.inject({
      method: 'POST',
      url: '/import_hotel_image',
      headers: customer,
      payload: { hotel_id: hotel.id, url: `${base}/lobby.jpg` },
    });
    assert.equal(customerTry.statusCode, 403);
    const unknown = await post('/delete_hotel_image', { id: 'img_missing' });
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.equal((await details()).images.length, 2, 'nothing was added');
  });
});
