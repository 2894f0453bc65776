import type { Config } from '../config.ts';
import { dataSealer } from '../db/data-keys.ts';
import { resealSecondFactors } from '../modules/auth/index.ts';
import { resealFlightBookings } from '../modules/flights/index.ts';
import { resealTravellerProfiles } from '../modules/travellers/index.ts';
import { describeStorage, openConfiguredStorage } from './runtime.ts';
import { UsageError } from './usage-error.ts';

/**
 * `itinera data reseal`: after a new key is put first in DATA_KEYS, seals every traveller's birth date and
 * documents (bookings, profiles) and every second factor's key again with it, so the old key can then be
 * dropped. Safe while servers run: a record changed meanwhile is left for another run.
 */
export async function dataCommand(config: Config, args: string[]): Promise<void> {
  const [sub] = args;
  if (sub !== 'reseal') throw new UsageError(`unknown data command ${sub ?? '(none)'}`);
  const storage = await openConfiguredStorage(config, { migrate: true });
  try {
    const sealer = await dataSealer(storage.db, config.privacy.dataKeys);
    const bookings = await resealFlightBookings(storage.db, sealer);
    const profiles = await resealTravellerProfiles(storage.db, sealer);
    const factors = await resealSecondFactors(storage.db, sealer);
    process.stdout.write(
      `${describeStorage(config)}: sealed again with key ${sealer.currentKeyId}: ${bookings} flight bookings, ` +
        `${profiles} traveller profiles, ${factors} second factors\n`,
    );
  } finally {
    await storage.close();
  }
}
