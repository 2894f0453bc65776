import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { unwrap } from '@itinera/client';
import type { Page } from 'playwright-core';
import { choosePlace, type Site, screenshot, signedIn, startSite } from './site.ts';

let site: Site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

async function searchOneWay(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('radio', { name: 'One way' }).check();
  await choosePlace(page, 'From', from);
  await choosePlace(page, 'To', to);
  await page
    .locator('form[aria-labelledby="flight-search-title"]')
    .getByRole('button', { name: 'Search' })
    .click();
  await page.getByText(/\d+ results/).waitFor();
}

async function fillPassengerAndPay(page: Page): Promise<void> {
  await fillPassenger(page);
  await fillCard(page);
}

async function fillPassenger(page: Page): Promise<void> {
  await page.getByLabel('Given name').first().fill('Ada');
  await page.getByLabel('Family name').first().fill('Lovelace');
  await page.getByLabel('Date of birth').first().fill('1985-12-10');
  await page.getByLabel('Document number').first().fill('123456789');
  await page.getByLabel('Nationality (country code)').first().fill('GB');
  await page.getByLabel('Issued by (country code)').first().fill('GB');
  await page.getByLabel('Document expires on').first().fill('2032-01-31');
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('Phone').fill('+441234567890');
}

async function fillCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2031');
  await page.getByLabel('Security code').fill('123');
}

/** Waits for the confirmation; if a problem screen comes instead, fails with what it says. */
async function confirmed(page: Page): Promise<void> {
  const outcome = page.locator('[data-state="confirmed"], [data-state="problem"]').first();
  await outcome.waitFor();
  assert.equal(await outcome.getAttribute('data-state'), 'confirmed', (await outcome.textContent()) ?? '');
}

describe('traveller journeys in a real browser', () => {
  test('flight: search, choose a fare and a seat, pay by test card, find it in My trips, cancel with the quote shown first', async () => {
    const page = await signedIn(site, 'customer');
    await screenshot(page, '01-home');
    await searchOneWay(page, 'London', 'New York');
    await screenshot(page, '02-flight-results');
    await page
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Your trip' }).waitFor();
    const seat = page.locator('.seat-map button.seat:not([disabled])').first();
    if ((await seat.count()) > 0) {
      await seat.click();
      assert.equal(await seat.getAttribute('aria-pressed'), 'true');
    }
    await fillPassengerAndPay(page);
    await screenshot(page, '03-flight-booking');
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    await confirmed(page);
    const reference = (await page.getByTestId('reference').textContent()) ?? '';
    assert.match(reference, /^[A-Z0-9]{6}$/);
    await screenshot(page, '04-flight-confirmation');

    await page.getByRole('link', { name: 'My trips' }).first().click();
    await page.getByRole('link', { name: new RegExp(reference) }).click();
    await page.getByRole('button', { name: 'Cancel this booking' }).click();
    const quote = page.getByRole('alertdialog');
    await quote.waitFor();
    assert.match((await quote.textContent()) ?? '', /refund .* penalty/);
    await screenshot(page, '05-cancellation-quote');
    await quote.getByRole('button', { name: /^Cancel and refund/ }).click();
    await page.getByText('The booking is cancelled.').waitFor();
    assert.equal(await page.getByTestId('status').textContent(), 'Cancelled');

    // The server agrees: the booking the page showed is cancelled.
    const found = await unwrap(
      site.admin.POST('/search_booking', {
        body: { product: 'flight', reference, sort: '-created_at', limit: 5 },
      }),
    );
    assert.equal(found.data[0]?.status, 'cancelled');
  });

  test('flight: hold the seats without paying, then pay for them from the trip page', async () => {
    const page = await signedIn(site, 'customer');
    await searchOneWay(page, 'London', 'Paris');
    await page
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Your trip' }).waitFor();
    await fillPassenger(page);
    await page.getByLabel('Hold the seats, pay later').check();
    assert.equal(await page.getByLabel('Card number').count(), 0, 'no card is asked for a hold');
    await page.getByRole('button', { name: /^Hold for/ }).click();
    await confirmed(page);
    await page.getByText('Held, not yet paid').waitFor();
    assert.equal(await page.getByTestId('status').innerText(), 'Held');
    await page.getByText(/^Held until/).waitFor();
    await fillCard(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Paid: the booking is confirmed.').waitFor();
    assert.equal(await page.getByTestId('status').innerText(), 'Confirmed');
  });

  test('hotel: search a city, open a hotel, check the rate, book as the lead guest', async () => {
    const page = await signedIn(site, 'customer');
    await choosePlace(page, 'Destination', 'Paris');
    await page
      .locator('form[aria-labelledby="hotel-search-title"]')
      .getByRole('button', { name: 'Search' })
      .click();
    await page.getByText(/\d+ results/).waitFor();
    await screenshot(page, '06-hotel-results');
    await page.locator('.hotel h2 a').first().click();
    await page.getByRole('heading', { name: 'Rooms and rates' }).waitFor();
    await page
      .getByRole('button', { name: /^Choose:/ })
      .first()
      .click();
    await page.getByRole('group', { name: 'Lead guest' }).waitFor();
    await page.getByLabel('Given name').first().fill('Grace');
    await page.getByLabel('Family name').first().fill('Hopper');
    const others = page.getByRole('group', { name: /^Other guests/ });
    for (const field of await others.getByLabel('Given name').all()) await field.fill('Alan');
    for (const field of await others.getByLabel('Family name').all()) await field.fill('Turing');
    await page.getByLabel('E-mail').fill('grace@example.com');
    await page.getByLabel('Phone').fill('+12025550123');
    if ((await page.getByLabel('Card number').count()) > 0) {
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('Expiry month').fill('12');
      await page.getByLabel('Expiry year').fill('2031');
      await page.getByLabel('Security code').fill('123');
    }
    await screenshot(page, '07-hotel-booking');
    await page.getByRole('button', { name: /^Book for/ }).click();
    await confirmed(page);
    assert.match((await page.getByTestId('reference').textContent()) ?? '', /^[A-Z0-9]{8}$/);
    await screenshot(page, '08-hotel-confirmation');
  });

  test('flight + hotel: search a trip to Paris, choose a package, book both with one card, see it as one trip', async () => {
    const page = await signedIn(site, 'customer');
    const form = page.locator('form[aria-labelledby="package-search-title"]');
    await choosePlace(page, 'Home airport', 'London');
    await choosePlace(page, 'Holiday city', 'Paris');
    await form.getByLabel('Adults').fill('1');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/\d+ trips, flights and hotel at one price/).waitFor();
    await screenshot(page, '07-trip-results');
    const first = page.locator('.package').first();
    const price = ((await first.locator('.price strong').textContent()) ?? '').trim();
    await first.getByRole('button', { name: 'Choose this trip' }).click();
    await page.getByRole('heading', { name: 'Book your trip' }).waitFor();
    assert.equal(
      ((await page.getByTestId('total').textContent()) ?? '').trim(),
      price,
      'one price, as listed',
    );
    await fillPassengerAndPay(page);
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    await confirmed(page);
    const reference = (await page.getByTestId('reference').textContent()) ?? '';
    assert.match(reference, /^[A-Z0-9]{7}$/, 'a trip’s reference');
    await page.getByRole('heading', { name: 'Flights' }).waitFor();
    await page.getByRole('heading', { name: 'Hotel' }).waitFor();
    await screenshot(page, '08-trip-confirmation');

    await page.getByRole('link', { name: 'My trips' }).first().click();
    await page.getByRole('heading', { name: 'Flight + Hotel' }).waitFor();
    await page.getByRole('link', { name: new RegExp(reference) }).waitFor();
    const found = await unwrap(
      site.admin.POST('/search_booking', {
        body: { product: 'trip', reference, sort: '-created_at', limit: 5 },
      }),
    );
    assert.equal(found.data[0]?.status, 'confirmed');
  });

  test('price changed: the old and the new price are shown, and booking goes on only when accepted', async () => {
    const page = await signedIn(site, 'customer');
    await searchOneWay(page, 'Paris', 'Rome');
    await page
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Your trip' }).waitFor();
    // Behind the page, the seller raises prices for customers.
    await unwrap(
      site.admin.POST('/create_pricing_rule', {
        body: {
          name: 'browser-test markup',
          markup_percent: 10,
          scope: { product: 'flight', channel: 'customer' },
        },
      }),
    );
    await fillPassengerAndPay(page);
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    const screen = page.locator('[data-state="price-changed"]');
    await screen.waitFor();
    const text = (await screen.textContent()) ?? '';
    const [before, now] = [...text.matchAll(/was (.+?) and is now (.+?)\./g)][0]?.slice(1) ?? [];
    assert.ok(before && now && before !== now, text);
    await screenshot(page, '09-price-changed');
    await screen.getByRole('button', { name: /^Continue at/ }).click();
    await confirmed(page);
  });

  test('a booking whose answer is lost on the way back is sent again with the same key and books once', async () => {
    const page = await signedIn(site, 'customer');
    await searchOneWay(page, 'Madrid', 'Barcelona');
    await page
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Your trip' }).waitFor();
    await fillPassengerAndPay(page);
    await page.getByLabel('E-mail').fill('lost-answer@example.com');
    const keys: string[] = [];
    await page.route('**/book_flight', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        await route.fetch(); // the server books it ...
        await route.abort('connectionreset'); // ... and the answer never arrives
      } else await route.continue();
    });
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    await confirmed(page);
    assert.equal(keys.length, 2);
    assert.equal(keys[0], keys[1], 'the retry carries the same Idempotency-Key');
    const reference = (await page.getByTestId('reference').textContent()) ?? '';
    const bookings = await unwrap(site.admin.GET('/flight_bookings', { params: { query: { limit: 100 } } }));
    const mine = bookings.data.filter((b) => b.contact.email === 'lost-answer@example.com');
    assert.deepEqual(
      mine.map((b) => b.reference),
      [reference],
      'booked once',
    );
  });

  test('change: a changeable fare is moved to another day, its cost shown before the change is made', async () => {
    const page = await signedIn(site, 'customer');
    await searchOneWay(page, 'London', 'Paris');
    await page.locator('.brand', { hasText: 'Changes allowed' }).first().getByRole('button').click();
    await page.getByRole('heading', { name: 'Your trip' }).waitFor();
    await fillPassengerAndPay(page);
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    await confirmed(page);
    const reference = (await page.getByTestId('reference').textContent()) ?? '';
    const before = await unwrap(
      site.admin.POST('/search_booking', {
        body: { product: 'flight', reference, sort: '-created_at', limit: 1 },
      }),
    );
    const day = before.data[0]?.product === 'flight' ? before.data[0].slices[0]?.departure_date : undefined;
    assert.ok(day);
    const later = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const changes = page.getByRole('region', { name: 'Change flights' });
    await changes.getByLabel('Departure date').fill(later);
    await changes.getByRole('button', { name: 'Find other flights' }).click();
    const option = changes.locator('li.card').first();
    await option.waitFor();
    assert.match((await option.textContent()) ?? '', /Penalty .* fare difference .* new total/);
    await screenshot(page, '17-change-options');
    await option.getByRole('button', { name: /^Change / }).click();
    await page.getByText('The booking is changed.').waitFor();
    const after = await unwrap(
      site.admin.POST('/search_booking', {
        body: { product: 'flight', reference, sort: '-created_at', limit: 1 },
      }),
    );
    assert.equal(
      after.data[0]?.product === 'flight' ? after.data[0].slices[0]?.departure_date : undefined,
      later,
    );
  });

  test('sold out: a room type closed after the search shows the sold-out screen at the rate check', async () => {
    const checkIn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const cities = await unwrap(
      site.admin.GET('/b2c/destinations', { params: { query: { q: 'Rome', limit: 1 } } }),
    );
    const cityId = cities.data[0]?.city_id as string;
    const found = await unwrap(
      site.admin.POST('/search_hotels', {
        body: {
          destination: { city_id: cityId },
          check_in: checkIn,
          check_out: checkOut,
          rooms: [{ adults: 2 }],
          limit: 1,
          sort: 'price',
          options: 'cheapest_per_room_type',
        },
      }),
    );
    const hotel = found.data[0];
    assert.ok(hotel, 'a hotel in Rome');
    const page = await signedIn(
      site,
      'customer',
      `/hotels/${hotel.hotel.id}?in=${checkIn}&out=${checkOut}&adults=2&rooms=1`,
    );
    await page.getByRole('heading', { name: 'Rooms and rates' }).waitFor();
    const firstChoice = page.getByRole('button', { name: /^Choose:/ }).first();
    await firstChoice.waitFor();
    const roomName = ((await firstChoice.getAttribute('aria-label')) ?? '')
      .replace(/^Choose: /, '')
      .split(',')[0];
    const option = hotel.options.find((o) => o.room_type.name === roomName) ?? hotel.options[0];
    await unwrap(
      site.admin.POST('/set_allotment', {
        body: {
          hotel_id: hotel.hotel.id,
          room_type: option?.room_type.code as string,
          from: checkIn,
          to: checkOut,
          closed: true,
        },
      }),
    );
    await firstChoice.click();
    await page.locator('[data-state="sold-out"]').waitFor();
    await screenshot(page, '10-sold-out');
  });
});
