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

describe('a hotel page as a guest sees it', () => {
  test('shows pictures that load, the description in German under de, and the guests’ reviews', async () => {
    const checkIn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
    const cities = await unwrap(
      site.admin.GET('/b2c/destinations', { params: { query: { q: 'Paris', limit: 1 } } }),
    );
    const found = await unwrap(
      site.admin.POST('/search_hotels', {
        body: {
          destination: { city_id: cities.data[0]?.city_id as string },
          check_in: checkIn,
          check_out: checkOut,
          rooms: [{ adults: 2 }],
          limit: 50,
          sort: 'price',
          options: 'cheapest_per_room_type',
        },
      }),
    );
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
    await page.waitForFunction(
      "[...document.querySelectorAll('.gallery img')].every((img) => img.complete && img.naturalWidth > 0)",
    );
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
});
