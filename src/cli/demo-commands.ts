import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { type DemoFootprint, demoFootprint, demoRemovedAt, removeDemo } from '../db/demo-removal.ts';
import { DEMO_CLIENT_ID, DEMO_USERNAMES, demoCredentialsFile } from '../modules/auth/index.ts';
import { describeStorage, openConfiguredStorage } from './runtime.ts';
import { CommandError, UsageError } from './usage-error.ts';

/** What `demo remove` is about to take out, line by line. */
function plan(footprint: DemoFootprint, keepInventory: boolean, credentials: string | undefined): string[] {
  const { users, agencyIds, clientIds, flightBookings, hotelBookings, schedules, hotels } = footprint;
  return [
    users.length
      ? `  demo accounts: ${users.map((u) => u.username).join(', ')}, with their sessions and saved cards`
      : '  demo accounts: none left',
    ...(agencyIds.length ? [`  their agency (${agencyIds.length}), its balance and statement`] : []),
    ...(clientIds.length ? [`  clients: ${clientIds.join(', ')}`] : []),
    `  bookings: ${flightBookings} flight, ${hotelBookings} hotel, with their payments, tickets, invoices, events and e-mails`,
    keepInventory
      ? '  the flight network and the hotels: kept (--keep-inventory)'
      : `  the flight network (${schedules} schedules) and the hotels (${hotels})`,
    ...(credentials ? [`  ${credentials}`] : []),
  ];
}

/** Removes the `.eml` files the mail outbox wrote for these events (none without an outbox folder). */
function removeMailFiles(outboxDir: string, eventIds: readonly string[]): number {
  if (!fs.existsSync(outboxDir)) return 0;
  const removed = new Set(eventIds);
  let count = 0;
  for (const name of fs.readdirSync(outboxDir)) {
    const event = /^(evt_[A-Za-z0-9]+)_.*\.eml$/.exec(name)?.[1];
    if (event && removed.has(event)) {
      fs.rmSync(path.join(outboxDir, name), { force: true });
      count++;
    }
  }
  return count;
}

/**
 * `itinera demo remove [--keep-inventory] [--yes]`: takes the demo out of a database that is to go live.
 * Says what it would remove; removes it with `--yes`. Refuses while any other account has a booking:
 * it never deletes a real sale.
 */
export async function demoCommand(config: Config, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub !== 'remove') throw new UsageError(`unknown demo command ${sub ?? '(none)'}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      'keep-inventory': { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
    },
  });
  const keepInventory = values['keep-inventory'] ?? false;
  const storage = await openConfiguredStorage(config, { migrate: true });
  try {
    const footprint = await demoFootprint(storage.db, {
      usernames: DEMO_USERNAMES,
      clientId: DEMO_CLIENT_ID,
    });
    if (footprint.othersBookings > 0)
      throw new CommandError(
        `${footprint.othersBookings} booking(s) were made by accounts other than the demo's, and demo remove ` +
          'deletes no real sale: nothing was removed. Disable the demo accounts instead: ' +
          `itinera users disable --username ${DEMO_USERNAMES.join(', then --username ')}.`,
      );
    const file = demoCredentialsFile(config.storage.dataDir);
    const credentials = fs.existsSync(file) ? path.resolve(file) : undefined;
    const removedAt = await demoRemovedAt(storage.db);
    const nothing =
      footprint.users.length +
        footprint.clientIds.length +
        footprint.flightBookings +
        footprint.hotelBookings ===
        0 &&
      !credentials &&
      (keepInventory || footprint.schedules + footprint.hotels === 0);
    if (nothing) {
      process.stdout.write(
        `${describeStorage(config)} holds no demo data${removedAt ? ` (removed ${removedAt})` : ''}.\n`,
      );
      return;
    }
    process.stdout.write(
      `${values.yes ? 'Removing' : 'This removes'} from ${describeStorage(config)}:\n${plan(footprint, keepInventory, credentials).join('\n')}\n`,
    );
    if (!values.yes) {
      process.stdout.write(
        'Nothing was removed. Stop the servers on this database, take a backup (itinera backup), then run ' +
          'this again with --yes.\n',
      );
      return;
    }
    const { eventIds } = await removeDemo(storage.db, footprint, {
      keepInventory,
      at: new Date().toISOString(),
    });
    if (credentials) fs.rmSync(credentials, { force: true });
    const mails = removeMailFiles(config.mail.outboxDir, eventIds);
    process.stdout.write(
      `Removed${mails ? ` (and ${mails} e-mail file(s) of those bookings from ${config.mail.outboxDir})` : ''}. ` +
        'No server will make demo data on this database again. The first admin and client, if there are none:\n' +
        '  printf %s "$PASSWORD" | npx itinera users create --username admin --role admin --password-stdin\n' +
        '  npx itinera clients create --client-id my-shop   (docs/deploy.md)\n',
    );
  } finally {
    await storage.close();
  }
}
