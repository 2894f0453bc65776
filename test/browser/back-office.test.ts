import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { unwrap } from '@itinera/client';
import type { Page } from 'playwright-core';
import { codeAt } from '../../src/modules/auth/second-factor.ts';
import { seriousViolations } from './axe.ts';
import { choosePlace, mailedLink, newContext, type Site, screenshot, startSite } from './site.ts';

let site: Site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** A code of the authenticator app for the next 30-second step (the one just used does not work twice). */
const nextCode = (secret: string) => codeAt(secret, new Date(Date.now() + 30_000));

async function signInForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.locator('form.sign-in').getByRole('button', { name: 'Sign in' }).click();
}

test('an invited agency admin chooses a password, signs in with a second factor, saves a traveller, books with it and sees the agency’s back office, on pages with no serious accessibility violation', async () => {
  const username = `wanderlust-${Date.now()}`;
  const email = `${username}@example.com`;
  const password = 'a password chosen on invitation';
  await unwrap(
    site.admin.POST('/invite_user', {
      body: {
        username,
        email,
        role: 'agency_admin',
        agency: `Wanderlust Reisen ${Date.now()}`,
        language: 'en',
      },
    }),
  );
  const context = await newContext(site, { locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });

  // The invitation's link: the password chosen, then the first sign-in.
  const link = await mailedLink(site, email);
  assert.ok(link?.startsWith(site.url), `an invitation to this site: ${link}`);
  await page.goto(link!);
  await page.getByRole('heading', { name: 'Welcome: choose your password' }).waitFor();
  await page.getByLabel('New password (at least 12 characters)').fill(password);
  await page.getByLabel('The new password again').fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('status').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInForm(page, username, password);
  await page.getByRole('button', { name: /Sign out/ }).waitFor();

  // A second factor set up on the account page: the key, its first code, the recovery codes.
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Second factor' }).waitFor();
  const factor = page.locator('section[aria-labelledby="factor-title"]');
  await factor.getByLabel('Current password').fill(password);
  await factor.getByRole('button', { name: 'Set up a second factor' }).click();
  const secret = (await page.getByTestId('enrolment-key').textContent()) ?? '';
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.deepEqual(await seriousViolations(page), [], 'setting up a second factor');
  await factor.getByLabel('Code from your authenticator app').fill(codeAt(secret, new Date()));
  await factor.getByRole('button', { name: 'Turn it on' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  assert.equal(await page.getByTestId('recovery-codes').locator('li').count(), 10);
  await screenshot(page, '30-second-factor');

  // Signed out and in again: the password, then the app's code.
  await page.getByRole('button', { name: /Sign out/ }).click();
  await signInForm(page, username, password);
  await page.getByLabel('Code from your authenticator app').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'the sign-in asking for a code');
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.locator('form.sign-in').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  await page.getByLabel('Code from your authenticator app').fill(nextCode(secret));
  await page.locator('form.sign-in').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Sign out/ }).waitFor();

  // A traveller saved, then chosen for a booking.
  await page.goto(`${site.url}/account/travellers`);
  await page.getByRole('heading', { name: 'Saved travellers' }).waitFor();
  const form = page.locator('form[aria-labelledby="traveller-form-title"]');
  await form.getByLabel('Given name').fill('Grace');
  await form.getByLabel('Family name').fill('Hopper');
  await form.getByLabel('Date of birth').fill('1986-12-09');
  await form.getByLabel('Gender').selectOption('f');
  await form.getByLabel('Document number').fill('X1234567');
  await form.getByLabel('Nationality (country code)').fill('US');
  await form.getByLabel('Issued by (country code)').fill('US');
  await form.getByLabel('Document expires on').fill('2033-05-31');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('travellers').getByText('Grace Hopper').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'saved travellers');
  await screenshot(page, '31-saved-travellers');

  await page.getByRole('link', { name: 'Flights' }).click();
  await page.getByRole('radio', { name: 'One way' }).check();
  await choosePlace(page, 'From', 'London');
  await choosePlace(page, 'To', 'New York');
  await page
    .locator('form[aria-labelledby="flight-search-title"]')
    .getByRole('button', { name: 'Search' })
    .click();
  await page.getByText(/\d+ results/).waitFor();
  await page
    .getByRole('button', { name: /^Select / })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Your trip' }).waitFor();
  await page.getByLabel('Fill in from a saved traveller').first().selectOption({ label: 'Grace Hopper' });
  assert.equal(await page.getByLabel('Given name').first().inputValue(), 'Grace');
  assert.equal(await page.getByLabel('Document number').first().inputValue(), 'X1234567');
  assert.deepEqual(await seriousViolations(page), [], 'booking with a saved traveller');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('+491701234567');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2031');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Book and pay/ }).click();
  const outcome = page.locator('[data-state="confirmed"], [data-state="problem"]').first();
  await outcome.waitFor();
  assert.equal(await outcome.getAttribute('data-state'), 'confirmed', (await outcome.textContent()) ?? '');
  const reference = (await page.getByTestId('reference').textContent()) ?? '';
  const booking = await unwrap(site.admin.GET('/booking', { params: { query: { reference } } }));
  const passenger = (
    booking as { passengers: Array<{ given_name: string; family_name: string; born_on: string }> }
  ).passengers[0]!;
  assert.deepEqual(
    [passenger.given_name, passenger.family_name, passenger.born_on],
    ['Grace', 'Hopper', '1986-12-09'],
  );

  // The back office: the agency's people and its audit log, with the second factor's setting up.
  await page.getByRole('link', { name: 'Back office' }).click();
  await page.getByTestId('people').getByRole('cell', { name: username, exact: true }).waitFor();
  await page.getByTestId('audit').getByText('second_factor.enabled').waitFor();
  const agency = page.locator('section[aria-labelledby="agencies-title"]');
  await agency.getByLabel('E-mail').fill('buero@wanderlust.example');
  await agency.getByRole('button', { name: 'Save' }).click();
  await agency.getByRole('status').waitFor();
  const details = await unwrap(site.admin.GET('/agencies', {}));
  assert.ok(
    details.data.some((a) => a.contact_email === 'buero@wanderlust.example'),
    'its contact kept',
  );
  assert.deepEqual(await seriousViolations(page), [], 'the back office');
  await screenshot(page, '32-back-office');
  await context.close();
});
