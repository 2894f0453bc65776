/**
 * Makes the database an earlier version leaves behind, for the upgrade test: that version is checked out
 * in a temporary work tree and installed, its own `itinera` commands create accounts and import a small
 * network and a hotel, its own server sells, changes and cancels through the API, and every row of its
 * SQLite database is written out as JSON with the migrations it had applied.
 *
 *   node scripts/upgrade-fixture.ts v0.1.0 test/fixtures/upgrade/0.1.0.json
 *
 * The rows are plain text and numbers, so the test puts them into either engine at that schema version
 * and migrates them forward (test/journeys/upgrade.test.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../test/helpers/free-port.ts';

const [refArg, outArg] = process.argv.slice(2);
if (!refArg || !outArg) {
  process.stderr.write('usage: node scripts/upgrade-fixture.ts <git tag or commit> <out.json>\n');
  process.exit(64);
}
const ref: string = refArg;
const out: string = outArg;

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'itinera-upgrade-'));
const tree = path.join(work, 'tree');
const dataDir = path.join(work, 'data');
const PASSWORDS = {
  'fixture-admin': 'Fixture admin 0.1',
  'fixture-agent': 'Fixture agent 0.1',
  'fixture-customer': 'Fixture customer 0.1',
};
const CLIENT_ID = 'fixture-app';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A small network: British Airways London–New York both ways every day, with a seat map. */
const network = {
  schedules: [
    ['LHR', 'JFK', 117, '08:20'],
    ['JFK', 'LHR', 116, '18:30'],
  ].map(([origin, destination, number, time]) => ({
    carrier: 'BA',
    flight_number: number,
    origin,
    destination,
    departure_time: time,
    duration_minutes: 480,
    days_of_week: '1234567',
    valid_from: day(-1),
    valid_to: day(120),
    aircraft: '320',
    capacity: { economy: 150, business: 12 },
  })),
  fares: ['LHR-JFK', 'JFK-LHR'].map((route) => ({
    carrier: 'BA',
    origin: route.slice(0, 3),
    destination: route.slice(4),
    cabin: 'economy',
    brand: 'standard',
    currency: 'GBP',
    adult: 30_000,
    child: 22_500,
    infant: 3_000,
    tax: 8_500,
    infant_tax: 2_100,
    checked_bags: 1,
    cabin_bags: 1,
    change: { allowed: true, penalty: 5_000 },
    refund: { allowed: true, penalty: 10_000 },
    seat_fees: { standard: 1_500, preferred: 3_900 },
    extra_bags: { amount: 4_500, max: 2 },
  })),
  seat_maps: [
    {
      aircraft: '320',
      cabins: [
        { cabin: 'business', first_row: 1, last_row: 3, letters: 'AC DF' },
        { cabin: 'economy', first_row: 4, last_row: 28, letters: 'ABC DEF', exit_rows: [11, 12] },
      ],
    },
  ],
};

const hotels = {
  hotels: [
    {
      code: 'LON-UPG1',
      name: 'Upgrade Test Hotel London',
      city_id: 'cty_2643743',
      chain: null,
      stars: 4,
      address: '12 Market Street, London',
      latitude: 51.5072,
      longitude: -0.1276,
      check_in_time: '15:00',
      check_out_time: '11:00',
      description: 'A hotel for the upgrade test.',
      amenities: ['wifi'],
      images: [],
      policies: { pets_allowed: false, min_check_in_age: 18 },
      active: true,
      room_types: [
        {
          code: 'STD',
          name: 'Standard double room',
          beds: '1 double bed',
          max_adults: 2,
          max_children: 1,
          max_occupancy: 3,
          size_m2: 18,
          amenities: ['wifi'],
          rooms: 20,
          price_factor: 1,
        },
      ],
      rate_plans: [
        {
          code: 'FLEX-BB',
          name: 'Flexible, breakfast included',
          board: 'bed_and_breakfast',
          currency: 'GBP',
          base_amount: 14_000,
          standard_adults: 2,
          extra_adult_percent: 60,
          seasons: [],
          weekday_percents: [100, 100, 100, 100, 100, 100, 100],
          child_bands: [{ max_age: 11, percent: 50 }],
          taxes: { vat_percent_included: 20, city_tax_per_person_night: 0 },
          cancellation: { refundable: true, steps: [{ days_before: 2, percent: 100 }] },
          min_stay: 1,
          closed_to_arrival: '',
        },
      ],
    },
  ],
};

async function main() {
  process.stdout.write(`checking out ${ref} in ${tree}\n`);
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', tree, ref], { stdio: 'inherit' });
  try {
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: tree,
      stdio: 'inherit',
    });
    const port = await freePort();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_ACCOUNTS: 'never',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIR: 'off',
      SEARCH_THREADS: '0',
      LOG_LEVEL: 'silent',
    };
    const itinera = (...args: string[]) =>
      execFileSync(process.execPath, [path.join(tree, 'src/cli/main.ts'), ...args], { env, stdio: 'pipe' });
    for (const [username, password] of Object.entries(PASSWORDS)) {
      const role = username.slice('fixture-'.length);
      itinera(
        'users',
        'create',
        '--username',
        username,
        '--role',
        role,
        '--password',
        password,
        ...(role === 'agent' ? ['--agency', 'Fixture Travel'] : []),
      );
    }
    itinera('clients', 'create', '--client-id', CLIENT_ID, '--name', 'Upgrade fixture');
    const files = { network: path.join(work, 'network.json'), hotels: path.join(work, 'hotels.json') };
    writeFileSync(files.network, JSON.stringify(network));
    writeFileSync(files.hotels, JSON.stringify(hotels));
    itinera('flights', 'import', files.network);
    itinera('hotels', 'import', files.hotels);

    const server = spawn(process.execPath, [path.join(tree, 'src/cli/main.ts'), 'serve'], {
      env,
      stdio: 'inherit',
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; ; i++) {
        if ((await fetch(`${base}/health/ready`).catch(() => null))?.ok) break;
        if (i > 600) throw new Error('the server did not become ready');
        await sleep(100);
      }
      const bookings = await sell(base);
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      writeFileSync(out, `${JSON.stringify(dump(bookings), null, 1)}\n`);
      process.stdout.write(`wrote ${out}\n`);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  } finally {
    execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', tree]);
    rmSync(work, { recursive: true, force: true });
  }
}

interface Sold {
  id: string;
  reference: string;
  product: 'flight' | 'hotel';
  status: string;
  owner: string;
}

/** Sells through the old server's API: flights booked, changed and cancelled; hotel stays booked and cancelled. */
async function sell(base: string): Promise<Sold[]> {
  const token = async (username: keyof typeof PASSWORDS) => {
    const res = await fetch(`${base}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: CLIENT_ID,
        username,
        password: PASSWORDS[username],
      }),
    });
    if (!res.ok) throw new Error(`token for ${username}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  let key = 0;
  const caller = (bearer: string) => async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': `fixture-${key++}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the old server's answers, read as they come
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const agent = caller(await token('fixture-agent'));
  const customer = caller(await token('fixture-customer'));
  const passenger = (given: string, number: string) => ({
    type: 'adult',
    title: 'ms',
    given_name: given,
    family_name: 'Upgrade',
    gender: 'f',
    born_on: '1984-05-06',
    document: {
      type: 'passport',
      number,
      issuing_country: 'GB',
      nationality: 'GB',
      expires_on: '2034-01-01',
    },
  });
  const contact = { email: 'fixture@example.com', phone: '+442071234567' };
  const sold: Sold[] = [];
  const bookFlight = async (call: typeof agent, days: number, given: string) => {
    const found = await call('POST', '/search_flight', {
      slices: [
        { origin: 'LHR', destination: 'JFK', departure_date: day(days) },
        { origin: 'JFK', destination: 'LHR', departure_date: day(days + 7) },
      ],
      passengers: { adults: 1 },
      limit: 1,
    });
    const offer = found.data[0];
    const booking = await call('POST', '/book_flight', {
      offer_id: offer.id,
      passengers: [passenger(given, `P${days}${given.length}`)],
      contact,
      bags: [{ passenger: 0, slice: 0, quantity: 1 }],
      expected_total: {
        amount: offer.total_amount + offer.available_services.checked_bags[0].amount_per_bag,
        currency: offer.total_currency,
      },
      payment: { type: 'card', card_token: 'tok_visa' },
    });
    return booking;
  };
  // Booked and changed to a later day.
  const changed = await bookFlight(agent, 30, 'Ada');
  const options = await agent('POST', '/search_changes', {
    booking_id: changed.id,
    slices: [{ slice: 0, departure_date: day(31) }],
  });
  const option = options.data[0];
  const after = await agent('POST', '/change_booking', {
    change_offer_id: option.id,
    expected_total: { amount: option.new_total_amount, currency: option.currency },
    payment: { type: 'card', card_token: 'tok_visa' },
  });
  sold.push({ ...pick(after), product: 'flight', owner: 'fixture-agent' });
  // Booked and cancelled.
  const cancelled = await bookFlight(customer, 40, 'Grace');
  const quote = await customer('POST', '/quote_cancellation', { booking_id: cancelled.id });
  sold.push({
    ...pick(
      await customer('POST', '/cancel_booking', { booking_id: cancelled.id, quote_id: quote.quote_id }),
    ),
    product: 'flight',
    owner: 'fixture-customer',
  });
  // Hotel stays: one kept, one cancelled.
  for (const [days, keep] of [
    [50, true],
    [60, false],
  ] as const) {
    const found = await customer('POST', '/search_hotels', {
      destination: { city_id: 'cty_2643743' },
      check_in: day(days),
      check_out: day(days + 2),
      rooms: [{ adults: 2 }],
    });
    const option = found.data[0].options[0];
    const booking = await customer('POST', '/book_hotel', {
      rate_key: option.rate_key,
      holder: {
        given_name: 'Alan',
        family_name: 'Upgrade',
        email: 'alan@example.com',
        phone: '+442071234568',
      },
      rooms: [
        {
          guests: [
            { given_name: 'Alan', family_name: 'Upgrade' },
            { given_name: 'Edsger', family_name: 'Upgrade' },
          ],
        },
      ],
      expected_total: { amount: option.total_amount, currency: option.currency },
      payment: { type: 'card', card_token: 'tok_visa' },
    });
    if (keep) sold.push({ ...pick(booking), product: 'hotel', owner: 'fixture-customer' });
    else {
      const q = await customer('POST', '/quote_cancellation', { booking_id: booking.id });
      sold.push({
        ...pick(await customer('POST', '/cancel_booking', { booking_id: booking.id, quote_id: q.quote_id })),
        product: 'hotel',
        owner: 'fixture-customer',
      });
    }
  }
  return sold;
}

// biome-ignore lint/suspicious/noExplicitAny: a booking as the old server answered it
const pick = (b: any) => ({
  id: b.id as string,
  reference: b.reference as string,
  status: b.status as string,
});

/** Every row of every table, in the order the tables were made (parents before the rows that refer to them). */
function dump(bookings: Sold[]) {
  const db = new DatabaseSync(path.join(dataDir, 'itinera.db'), { readOnly: true });
  try {
    const names = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY rowid",
        )
        .all() as Array<{ name: string }>
    ).map((r) => r.name);
    const migrations = (
      db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>
    ).map((r) => r.name);
    return {
      version: ref,
      commit: execFileSync('git', ['-C', root, 'rev-parse', `${ref}^{commit}`])
        .toString()
        .trim(),
      made_at: new Date().toISOString(),
      migrations,
      client_id: CLIENT_ID,
      passwords: PASSWORDS,
      bookings,
      tables: Object.fromEntries(names.map((name) => [name, db.prepare(`SELECT * FROM "${name}"`).all()])),
    };
  } finally {
    db.close();
  }
}

await main();
