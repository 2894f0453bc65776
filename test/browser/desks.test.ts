import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { unwrap } from '@itinera/client';
import { type Site, screenshot, signedIn, startSite } from './site.ts';

let site: Site;
before(async () => {
  // An endpoint on this machine (nothing outside resolves here) is allowed for the admin test.
  site = await startSite({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
});
after(async () => {
  await site?.close();
});

test('an agent sees the agency balance and bookings; a customer has no agency desk', async () => {
  const page = await signedIn(site, 'agent');
  await page.getByRole('link', { name: 'Agency' }).click();
  const balance = page.getByTestId('balance');
  await balance.waitFor();
  assert.match((await balance.textContent()) ?? '', /\d/);
  await screenshot(page, '18-agency');
  const customer = await signedIn(site, 'customer');
  assert.equal(await customer.getByRole('link', { name: 'Agency' }).count(), 0);
});

test('an admin imports an allotments table, sees what it took, and adds a webhook endpoint', async () => {
  const hotels = await unwrap(site.admin.GET('/b2c/hotels', { params: { query: { limit: 1 } } }));
  const hotel = await unwrap(
    site.admin.GET('/b2c/hotels/{hotel_id}', {
      params: { path: { hotel_id: hotels.data[0]?.id as string } },
    }),
  );
  const roomType = hotel.room_types[0]?.code as string;
  const page = await signedIn(site, 'admin');
  await page.getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('heading', { name: 'Imports' }).waitFor();
  await page
    .getByLabel('File', { exact: false })
    .first()
    .setInputFiles({
      name: 'allotments.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `hotel_code,room_type,from,to,rooms,closed,closed_to_arrival\n${hotel.code},${roomType},2027-03-01,2027-03-03,2,,\n`,
      ),
    });
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByText(/Imported: table allotments, rows 1/).waitFor();

  await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/itinera');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByText('http://127.0.0.1:9/itinera').first().waitFor();
  await screenshot(page, '19-admin');
  const hooks = await unwrap(site.admin.GET('/webhooks'));
  assert.ok(hooks.data.some((h) => h.url === 'http://127.0.0.1:9/itinera'));
});
