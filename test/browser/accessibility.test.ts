import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { choosePlace, newContext, type Site, screenshot, signedIn, startSite } from './site.ts';

let site: Site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** axe-core's serious and critical findings on the page as it stands (WCAG 2.1 A and AA rules). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = (await page.evaluate(() =>
    (globalThis as unknown as { axe: typeof axe; document: unknown }).axe.run(
      (globalThis as unknown as { document: axe.ElementContext }).document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      },
    ),
  )) as axe.AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the main pages have no serious or critical accessibility violation, on a desktop and on a phone', async () => {
  const context = await newContext(site, { viewport: { width: 390, height: 844 } });
  const signIn = await context.newPage();
  await signIn.goto(`${site.url}/`);
  await signIn.getByLabel('Username').waitFor();
  assert.deepEqual(await seriousViolations(signIn), [], 'sign-in page');
  await screenshot(signIn, '11-sign-in-phone');

  const page = await signedIn(site, 'customer');
  assert.deepEqual(await seriousViolations(page), [], 'home');
  await choosePlace(page, 'From', 'London');
  await choosePlace(page, 'To', 'Paris');
  await page.getByRole('radio', { name: 'One way' }).check();
  await page
    .locator('form[aria-labelledby="flight-search-title"]')
    .getByRole('button', { name: 'Search' })
    .click();
  await page.getByText(/\d+ results/).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'flight results');
  await page
    .getByRole('button', { name: /^Select / })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Your trip' }).waitFor();
  await page.locator('.seat-map, .loading').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'booking page');
  await page.goto(`${site.url}/trips`);
  await page.getByRole('heading', { name: 'My trips' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'my trips');
});
