import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { unwrap } from '@itinera/client';
import { CONTENT_SECURITY_POLICY } from '../../src/http/website.ts';
import { seriousViolations } from './axe.ts';
import { choosePlace, mailedLink, newContext, type Site, screenshot, signedIn, startSite } from './site.ts';

let site: Site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

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

test('the API reference at /docs renders the document under the content security policy, with no console error and no serious accessibility violation', async () => {
  const context = await newContext(site);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const res = await page.goto(`${site.url}/docs`);
  assert.equal(res?.headers()['content-security-policy'], CONTENT_SECURITY_POLICY, "the website's policy");
  await page.getByRole('heading', { name: /Itinera API/ }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'the reference as it opens');
  await page.getByRole('heading', { name: 'flights' }).click();
  await page.getByText('/search_flight').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'a tag opened');
  await page.getByRole('button', { name: /^POST \/search_flight/ }).click();
  await page.locator('.opblock-body').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'an operation opened, with its example');
  await screenshot(page, '20-api-reference');
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('dialog', { name: 'Available authorizations' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'the sign-in dialog');
  assert.equal(await page.title(), 'Itinera API reference');
  assert.deepEqual(problems, []);
});

test('a visitor who forgot a password gets a link by mail and chooses a new one, then changes it signed in, on pages with no serious accessibility violation', async () => {
  const username = `forgetful-${Date.now()}`;
  const email = `${username}@example.com`;
  await unwrap(
    site.admin.POST('/create_user', {
      body: { username, email, password: 'the first password', role: 'customer' },
    }),
  );
  const context = await newContext(site);
  const page = await context.newPage();
  await page.goto(`${site.url}/sign-in`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { name: 'Forgot your password' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'asking for a link');
  await page.getByLabel('User name or e-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('status').waitFor();

  const link = await mailedLink(site, email);
  assert.ok(link?.startsWith(site.url), `a link to this site: ${link}`);
  await page.goto(link!);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'choosing a password');
  await page.getByLabel('New password (at least 12 characters)').fill('a password chosen anew');
  await page.getByLabel('The new password again').fill('a password chosen anew');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('status').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a password chosen anew');
  await page.locator('form.sign-in').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: new RegExp(`\\(${username}\\)`) }).waitFor();

  // Signed in, the password is changed on the account page.
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Change your password' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'the account page');
  const change = page.getByRole('form', { name: 'Change your password' });
  await change.getByLabel('Current password').fill('a password chosen anew');
  await change.getByLabel('New password (at least 12 characters)').fill('and changed once more');
  await change.getByLabel('The new password again').fill('and changed once more');
  await change.getByRole('button', { name: 'Save the new password' }).click();
  await change.getByRole('status').or(change.getByRole('alert')).waitFor();
  assert.match(
    await page.locator('form[aria-labelledby="change-password-title"]').innerText(),
    /Your password is changed\./,
  );
  await page.getByRole('button', { name: new RegExp(`\\(${username}\\)`) }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('and changed once more');
  await page.locator('form.sign-in').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: new RegExp(`\\(${username}\\)`) }).waitFor();

  // The same link again is refused, with a way to ask for another.
  await page.goto(link!);
  await page.getByRole('button', { name: 'Save the new password' }).waitFor();
  await page.getByLabel('New password (at least 12 characters)').fill('yet another password');
  await page.getByLabel('The new password again').fill('yet another password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('link', { name: 'Ask for a new one' }).waitFor();
  await context.close();
});
