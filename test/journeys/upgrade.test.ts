import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/tables.ts';
import { openTestStorage, testEngine } from '../helpers/engine.ts';
import { postToken } from '../helpers/factories.ts';
import { adult, CONTACT } from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The database the previous tagged version leaves behind (made by that version's own commands and server:
 * scripts/upgrade-fixture.ts), put into this engine at that version's schema and migrated forward by this
 * one: its accounts sign in, its bookings read as they were sold, with their documents, its books
 * balance, and it sells on with ticket and invoice numbers that follow on from the old ones.
 */
interface Fixture {
  version: string;
  made_at: string;
  migrations: string[];
  client_id: string;
  passwords: Record<string, string>;
  bookings: Array<{ id: string; reference: string; product: string; status: string; owner: string }>;
  tables: Record<string, Array<Record<string, unknown>>>;
}

const fixture = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../fixtures/upgrade/0.1.0.json'), 'utf8'),
) as Fixture;

describe(`a database made by ${fixture.version}, migrated forward (${testEngine()})`, () => {
  let t: TestApp;
  const tokens: Record<string, Record<string, string>> = {};

  before(async () => {
    const storage = await openTestStorage({ migratedTo: fixture.migrations.at(-1)! });
    const db = storage.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    const applied = (
      await sql<{
        name: string;
      }>`SELECT name FROM ${sql.table(storage.schema ? `${storage.schema}.kysely_migration` : 'kysely_migration')} ORDER BY name`.execute(
        storage.db,
      )
    ).rows.map((r) => r.name);
    assert.deepEqual(applied, fixture.migrations, 'the schema the old version had');
    // What the migrations seeded is in the fixture as the old version had it.
    for (const table of Object.keys(fixture.tables).reverse()) await db.deleteFrom(table).execute();
    for (const [table, rows] of Object.entries(fixture.tables))
      for (let i = 0; i < rows.length; i += 50)
        await db
          .insertInto(table)
          .values(rows.slice(i, i + 50))
          .execute();
    const { applied: forward } = await migrateToLatest(storage.db, storage.schema);
    assert.ok(
      forward.every((name) => !fixture.migrations.includes(name)),
      `only what came after: ${forward}`,
    );
    // The clock an hour after the old server sold, so that its bookings are as they were then.
    t = await buildTestApp({ storage, clockStart: new Date(Date.parse(fixture.made_at) + 3_600_000) });
    for (const [username, password] of Object.entries(fixture.passwords)) {
      const res = await postToken(t, {
        grant_type: 'password',
        client_id: fixture.client_id,
        username,
        password,
      });
      assert.equal(res.statusCode, 200, `${username} signs in: ${res.body}`);
      tokens[username] = { authorization: `Bearer ${res.json().access_token}` };
    }
  });
  after(() => t?.close());

  const get = (url: string, who = 'fixture-admin') =>
    t.app.inject({ method: 'GET', url, headers: tokens[who] });

  it('shows every booking as it was sold, to its owner and to an admin', async () => {
    assert.equal(fixture.bookings.length, 4);
    for (const sold of fixture.bookings) {
      for (const who of [sold.owner, 'fixture-admin']) {
        const res = await get(`/booking?id=${sold.id}`, who);
        assert.equal(res.statusCode, 200, res.body);
        const booking = res.json();
        assert.equal(booking.reference, sold.reference);
        assert.equal(booking.status, sold.status);
        if (sold.product === 'flight') {
          assert.equal(booking.passengers.length, 1);
          assert.match(
            booking.passengers[0].ticket_number ?? '',
            sold.status === 'cancelled' ? /^$|^125/ : /^125\d{10}$/,
          );
          assert.ok(booking.tickets.length >= 1, 'its tickets');
        } else {
          assert.equal(booking.rooms.length, 1);
          assert.equal(booking.rooms[0].guests.length, 2);
        }
      }
    }
  });

  it('lists each booking’s documents and draws them', async () => {
    for (const sold of fixture.bookings) {
      const res = await get(`/booking_documents?booking_id=${sold.id}`);
      assert.equal(res.statusCode, 200, res.body);
      const documents = res.json().data as Array<{ type: string; pdf_url: string }>;
      assert.ok(
        documents.some((d) => d.type === 'invoice'),
        `an invoice for ${sold.reference}`,
      );
      for (const document of documents) {
        const pdf = await get(document.pdf_url);
        assert.equal(pdf.statusCode, 200, `${document.pdf_url}: ${pdf.body.slice(0, 200)}`);
        assert.equal(pdf.headers['content-type'], 'application/pdf');
      }
    }
  });

  it('keeps books in which every transaction balances', async () => {
    const unbalanced = await (t.storage.db as import('kysely').Kysely<Database>)
      .selectFrom('ledger_entries')
      .select(['transaction_id', 'currency', (eb) => eb.fn.sum<number>('amount').as('total')])
      .groupBy(['transaction_id', 'currency'])
      .having((eb) => eb.fn.sum('amount'), '!=', 0)
      .execute();
    assert.deepEqual(unbalanced, []);
    const day = (offset: number) =>
      new Date(Date.parse(fixture.made_at) + offset * 86_400_000).toISOString().slice(0, 10);
    const res = await get(`/sales_report?from=${day(-1)}&to=${day(1)}`);
    assert.equal(res.statusCode, 200, res.body);
    const gbp = res.json().totals.find((line: { currency: string }) => line.currency === 'GBP');
    assert.equal(gbp?.bookings, 4, 'the old sales in the report');
    assert.ok(gbp.refunds > 0, 'with what the cancellations gave back');
  });

  it('sells on: the next ticket and invoice numbers follow the old ones', async () => {
    const highest = (numbers: string[]) => numbers.sort().at(-1)!;
    const lastTicket = highest(fixture.tables.flight_tickets!.map((r) => String(r.number)));
    const lastInvoice = highest(
      fixture.tables.invoices!.filter((r) => r.kind === 'invoice').map((r) => String(r.number)),
    );
    const agent = tokens['fixture-agent']!;
    const departure = new Date(Date.parse(fixture.made_at) + 45 * 86_400_000).toISOString().slice(0, 10);
    const found = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: agent,
      payload: {
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: departure }],
        passengers: { adults: 1 },
        limit: 1,
      },
    });
    assert.equal(found.statusCode, 200, found.body);
    const offer = found.json().data[0];
    assert.ok(offer, 'the old network still sells');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/book_flight',
      headers: { ...agent, 'idempotency-key': 'after-the-upgrade' },
      payload: {
        offer_id: offer.id,
        passengers: [adult()],
        contact: CONTACT,
        expected_total: { amount: offer.total_amount, currency: offer.total_currency },
        payment: { type: 'card', card_token: 'tok_visa' },
      },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const ticket = booked.json().passengers[0].ticket_number as string;
    assert.equal(BigInt(ticket), BigInt(lastTicket) + 1n, `${ticket} follows ${lastTicket}`);
    const documents = (await get(`/booking_documents?booking_id=${booked.json().id}`)).json().data;
    const invoice = documents.find((d: { type: string }) => d.type === 'invoice').id as string;
    const serial = (n: string) => Number(n.split('-').at(-1));
    assert.equal(invoice.slice(0, -6), lastInvoice.slice(0, -6), 'the same series');
    assert.equal(serial(invoice), serial(lastInvoice) + 1, `${invoice} follows ${lastInvoice}`);
  });
});
