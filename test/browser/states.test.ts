import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newContext, type Site, screenshot, signedIn, startSite } from './site.ts';

let site: Site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

describe('every state a traveller meets has a screen', () => {
  test('session expired: signed out behind the page, the next request asks to sign in again and then carries on', async () => {
    const page = await signedIn(site, 'customer');
    // The sign-in is revoked elsewhere (its refresh token and, with it, its access tokens).
    await page.evaluate(() =>
      fetch('/end_web_session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    await page.getByRole('link', { name: 'My trips' }).click();
    const screen = page.locator('[data-state="session-expired"]').first();
    await screen.waitFor();
    await screenshot(page, '12-session-expired');
    await screen.getByLabel('Username').fill(site.credentials.customer.username);
    await screen.getByLabel('Password').fill(site.credentials.customer.password);
    await screen.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No trips yet.').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/trips', 'resumed where it was');
  });

  test('server unreachable: a screen that says so, and trying again once it is back', async () => {
    const page = await signedIn(site, 'customer');
    await page.route('**/search_booking', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'My trips' }).click();
    const screen = page.locator('[data-state="unreachable"]').first();
    await screen.waitFor();
    await screenshot(page, '13-unreachable');
    await page.unroute('**/search_booking');
    await screen.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No trips yet.').first().waitFor();
  });

  test('offer expired: a booking page without a live offer sends back to search', async () => {
    const page = await signedIn(site, 'customer', '/flights/book');
    const screen = page.locator('[data-state="offer-expired"]');
    await screen.waitFor();
    await screenshot(page, '14-offer-expired');
    await screen.getByRole('link', { name: 'Search again' }).click();
    await page.getByRole('heading', { name: 'Search flights' }).waitFor();
  });

  test('empty results: a search nothing matches says so', async () => {
    const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const page = await signedIn(
      site,
      'customer',
      `/flights/results?trip=one_way&s=LHR|JFK|${date}&adults=1&cabin=economy&airline=ZZ`,
    );
    await page.locator('[data-state="empty"]').waitFor();
    await screenshot(page, '15-empty-results');
  });

  test('the first page loads under 100 KB of script, and the German page speaks German', async () => {
    const context = await newContext(site, { locale: 'de-DE' });
    const page = await context.newPage();
    let scriptBytes = 0;
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scriptBytes += (await response.body()).length;
    });
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    assert.ok(scriptBytes > 0 && scriptBytes < 100 * 1024, `${scriptBytes} bytes of script`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    await screenshot(page, '16-sign-in-german');
  });
});
