import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { unwrap } from '@itinera/client';
import { type Site, screenshot, signedIn, startSite } from './site.ts';

let site: Site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** A city's hotels for a stay `from` days ahead, cheapest first, each with its cheapest rate per room type. */
async function hotelsIn(city: string, from: number, nights: number, adults: number, limit: number) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const [checkIn, checkOut] = [day(from), day(from + nights)];
  const cities = await unwrap(
    site.admin.GET('/b2c/destinations', { params: { query: { q: city, limit: 1 } } }),
  );
  const found = await unwrap(
    site.admin.POST('/search_hotels', {
      body: {
        destination: { city_id: cities.data[0]?.city_id as string },
        check_in: checkIn,
        check_out: checkOut,
        rooms: [{ adults }],
        limit,
        sort: 'price',
        options: 'cheapest_per_room_type',
      },
    }),
  );
  return { checkIn, checkOut, found };
}

describe('a hotel page as a guest sees it', () => {
  test('shows pictures that load, the description in German under de, and the guests’ reviews', async () => {
    const { checkIn, checkOut, found } = await hotelsIn('Paris', 30, 2, 2, 50);
    const reviewed = found.data.find((h) => h.hotel.review_count >= 2);
    assert.ok(reviewed, 'a hotel in Paris with reviews');
    const page = await signedIn(
      site,
      'customer',
      `/hotels/${reviewed.hotel.id}?in=${checkIn}&out=${checkOut}&adults=2&rooms=1`,
    );
    // The guest reads German: the page, and the hotel's own description, switch.
    await page.evaluate(() => globalThis.localStorage.setItem('itinera.language', 'de'));
    await page.reload();
    await page.getByRole('heading', { name: 'Gästebewertungen' }).waitFor();
    const description = page.locator('section p[lang="de"]');
    await description.waitFor();
    assert.match(await description.innerText(), /Stern/, 'the hotel described in German');

    const pictures = page.locator('.gallery img, .room-picture');
    await pictures.first().scrollIntoViewIfNeeded();
    // A function, not a string: the site's Content Security Policy forbids evaluating strings.
    await page.waitForFunction(() => {
      type Picture = { complete: boolean; naturalWidth: number };
      const { document } = globalThis as unknown as {
        document: { querySelectorAll(selector: string): ArrayLike<Picture> };
      };
      return Array.from(document.querySelectorAll('.gallery img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      );
    });
    const widths: number[] = await page
      .locator('.gallery img')
      .evaluateAll((imgs) => imgs.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth));
    assert.equal(widths.length, 2);
    assert.ok(
      widths.every((w) => [320, 640, 1280].includes(w)),
      `pictures drawn at a served width: ${widths}`,
    );
    assert.ok((await pictures.count()) > 2, 'and the rooms’ pictures');

    await page.locator('.reviews .review').first().waitFor();
    const score = await page.locator('.reviews .score').innerText();
    assert.match(
      score,
      new RegExp(
        `${reviewed.hotel.review_score?.toFixed(1)}/10 aus ${reviewed.hotel.review_count} Bewertungen`,
      ),
    );
    assert.ok((await page.locator('.reviews .review').count()) >= 2);
    await screenshot(page, '20-hotel-page-german');
  });

  test('a party of four in two rooms picks each room’s type and rate on its own and books both at once', async () => {
    const { checkIn, checkOut, found } = await hotelsIn('Madrid', 45, 2, 2, 20);
    const hotel = found.data.find((h) => new Set(h.options.map((o) => o.room_type.code)).size >= 2);
    assert.ok(hotel, 'a Madrid hotel selling two room types for two');
    const page = await signedIn(
      site,
      'customer',
      `/hotels/${hotel.hotel.id}?in=${checkIn}&out=${checkOut}&adults=4&rooms=2`,
    );
    await page.getByRole('button', { name: 'Choose each room on its own' }).click();
    const first = page.getByRole('group', { name: 'Room 1 (2 adults)' });
    const second = page.getByRole('group', { name: 'Room 2 (2 adults)' });
    const paidNow = (group: typeof first) =>
      group.getByRole('radio').filter({ hasNotText: 'pay at the hotel' });
    await paidNow(first).first().waitFor();
    await paidNow(first).first().check();
    const firstType = ((await paidNow(first).first().locator('..').innerText()) ?? '').split(' · ')[0];
    const others = second
      .locator('label')
      .filter({ hasNotText: 'pay at the hotel' })
      .filter({ hasNotText: firstType! });
    await others.first().locator('input').check();
    await page.getByRole('button', { name: 'Check these rooms' }).click();

    await page.getByRole('group', { name: 'Lead guest' }).waitFor();
    await page.getByLabel('Given name').first().fill('Grace');
    await page.getByLabel('Family name').first().fill('Hopper');
    const guests = page.getByRole('group', { name: /^Other guests|^Guests of room/ });
    for (const field of await guests.getByLabel('Given name').all()) await field.fill('Alan');
    for (const field of await guests.getByLabel('Family name').all()) await field.fill('Turing');
    await page.getByLabel('E-mail').fill('grace@example.com');
    await page.getByLabel('Phone').fill('+12025550123');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry month').fill('12');
    await page.getByLabel('Expiry year').fill('2031');
    await page.getByLabel('Security code').fill('123');
    await screenshot(page, '21-hotel-rooms-each');
    await page.getByRole('button', { name: /^Book for/ }).click();
    await page.locator('[data-state="confirmed"]').first().waitFor();
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const booking = (await unwrap(site.admin.GET('/booking', { params: { query: { id } } }))) as {
      rooms: Array<{ room_type: { name: string } }>;
    };
    assert.equal(booking.rooms.length, 2);
    assert.notEqual(booking.rooms[0]!.room_type.name, booking.rooms[1]!.room_type.name, 'two room types');
  });

  test('holds a stay unpaid from the booking form, then pays it from the trip page before it lapses', async () => {
    const page = await signedIn(site, 'customer');
    const { checkIn, checkOut, found } = await hotelsIn('Lisbon', 60, 2, 1, 1);
    await page.goto(
      `${site.url}/hotels/${found.data[0]!.hotel.id}?in=${checkIn}&out=${checkOut}&adults=1&rooms=1`,
    );
    const flexible = page
      .locator('li.rate')
      .filter({ hasText: 'Flexible' })
      .filter({ hasNotText: 'pay at the hotel' })
      .getByRole('button', { name: /^Choose:/ });
    await flexible.first().click();
    await page.getByLabel('Hold the rooms for up to a day, pay later').check();
    await page.getByLabel('Given name').first().fill('Grace');
    await page.getByLabel('Family name').first().fill('Hopper');
    await page.getByLabel('E-mail').fill('grace@example.com');
    await page.getByLabel('Phone').fill('+12025550123');
    await page.getByRole('button', { name: /^Book for/ }).click();
    await page.locator('[data-state="confirmed"]').first().waitFor();
    await page.getByText('Held, not yet paid').waitFor();
    assert.equal(
      await page.getByText('Booked', { exact: true }).count(),
      0,
      'a hold is not said to be booked',
    );
    assert.equal(await page.getByTestId('status').innerText(), 'Held');
    await page.getByText(/^Held until/).waitFor();
    await screenshot(page, '22-hotel-held');

    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry month').fill('12');
    await page.getByLabel('Expiry year').fill('2031');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Paid: the booking is confirmed.').waitFor();
    assert.equal(await page.getByTestId('status').innerText(), 'Confirmed');
  });
});
