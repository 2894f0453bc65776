import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditLog } from '../audit/index.ts';

/** What a product gives a person's export and erasure. */
interface ProductPersonalData {
  exportOf(userId: string): Promise<Array<Record<string, unknown>>>;
  travelAhead(userId: string, now: Date): Promise<string[]>;
  erase(trx: Kysely<Database>, userId: string): Promise<number>;
}

/**
 * A person's data (GDPR): everything Itinera keeps of them, exported (art. 15), and erased (art. 17) —
 * their account, saved travellers and second factor, the people in their bookings and the addresses their
 * mails went to — while the bookings, tickets, invoices and money stay for the accounts. Erasure waits
 * until nothing booked is still to be travelled or stayed (409 names the bookings).
 */
export function createPrivacy(deps: {
  db: Kysely<Database>;
  clock: Clock;
  account: {
    exportOf(userId: string): Promise<Record<string, unknown> | undefined>;
    unusablePassword(): Promise<string>;
    erase(trx: Kysely<Database>, userId: string, now: string, unusable: string): Promise<void>;
  };
  travellers: {
    ofUser(userId: string): Promise<unknown[]>;
    removeOfUser(userId: string, trx: Kysely<Database>): Promise<number>;
  };
  products: readonly ProductPersonalData[];
  audit: Pick<AuditLog, 'record' | 'about' | 'forgetName'>;
  forgetRecipients: (trx: Kysely<Database>, addresses: readonly string[]) => Promise<number>;
}) {
  const account = async (userId: string) => {
    const found = await deps.account.exportOf(userId);
    if (!found) throw new AppError('NOT_FOUND', 'No such user');
    return found;
  };

  return {
    async exportOf(userId: string) {
      const found = await account(userId);
      const bookings = (await Promise.all(deps.products.map((p) => p.exportOf(userId)))).flat();
      return {
        exported_at: deps.clock.now().toISOString(),
        account: found,
        traveller_profiles: await deps.travellers.ofUser(userId),
        bookings,
        audit_events: await deps.audit.about(userId),
      };
    },

    async erase(userId: string) {
      const found = await account(userId);
      const now = deps.clock.now();
      const ahead = (await Promise.all(deps.products.map((p) => p.travelAhead(userId, now)))).flat();
      if (ahead.length > 0)
        throw new AppError(
          'CONFLICT',
          `Bookings still to be travelled: ${ahead.join(', ')}; cancel them first`,
          {
            references: ahead,
          },
        );
      const addresses = new Set<string>();
      if (typeof found.email === 'string') addresses.add(found.email);
      for (const b of (await Promise.all(deps.products.map((p) => p.exportOf(userId)))).flat()) {
        const contact = (b.contact ?? b.holder) as { email?: string } | undefined;
        if (contact?.email) addresses.add(contact.email);
      }
      const unusable = await deps.account.unusablePassword();
      return deps.db.transaction().execute(async (trx) => {
        let bookings = 0;
        for (const product of deps.products) bookings += await product.erase(trx, userId);
        const profiles = await deps.travellers.removeOfUser(userId, trx);
        const mails = await deps.forgetRecipients(trx, [...addresses]);
        await deps.audit.forgetName(trx, userId);
        await deps.account.erase(trx, userId, now.toISOString(), unusable);
        await deps.audit.record(
          {
            action: 'personal_data.erased',
            agencyId: (found.agency_id as string | null) ?? null,
            target: { type: 'user', id: userId },
            after: { bookings, traveller_profiles: profiles, mails },
          },
          trx,
        );
        return {
          user_id: userId,
          erased_at: now.toISOString(),
          bookings,
          traveller_profiles: profiles,
          mails,
        };
      });
    },
  };
}

export type Privacy = ReturnType<typeof createPrivacy>;
