import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { publicUrlProblem } from '../../../ports/public-urls.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { ChannelRepository, ConnectionRow } from './channel-repository.ts';

export interface NewConnection {
  name: string;
  chain?: string | undefined;
  hotel_codes?: string[] | undefined;
  reservations_url?: string | undefined;
  reservations_username?: string | undefined;
  reservations_password?: string | undefined;
}

/** A connection as the API shows it: never its secret (shown once when made) nor the receiver's password. */
export function connectionView(c: ConnectionRow) {
  return {
    id: c.id,
    name: c.name,
    chain: c.chain,
    hotel_codes: JSON.parse(c.hotel_codes) as string[],
    reservations_url: c.reservations_url,
    reservations_username: c.reservations_username,
    active: c.active === 1,
    created_at: c.created_at,
  };
}

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Channel connections (admin): a hotel group's channel manager, which posts OpenTravel notifications
 * with HTTP Basic credentials (the connection's id and a secret of 256 random bits, kept as a digest and
 * shown once) for the hotels of its chain or those it names, and receives their reservations at its URL.
 */
export function createChannelConnections(deps: {
  channels: ChannelRepository;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditLog, 'record'>;
  allowPrivateNetworks: boolean;
}) {
  return {
    async create(input: NewConnection) {
      const codes = [...new Set(input.hotel_codes ?? [])];
      if (!input.chain && codes.length === 0)
        throw invalidField('/chain', 'give a chain, hotel_codes, or both: the hotels the connection updates');
      if (input.reservations_url) {
        const problem = await publicUrlProblem(input.reservations_url, deps.allowPrivateNetworks);
        if (problem) throw invalidField('/reservations_url', problem);
      }
      const secret = `cm_${randomBytes(32).toString('base64url')}`;
      const row: ConnectionRow = {
        id: deps.ids.ordered('chn'),
        name: input.name,
        chain: input.chain ?? null,
        hotel_codes: JSON.stringify(codes),
        secret_hash: digest(secret),
        reservations_url: input.reservations_url ?? null,
        reservations_username: input.reservations_username ?? null,
        reservations_password: input.reservations_password ?? null,
        active: 1,
        created_at: deps.clock.now().toISOString(),
      };
      await deps.channels.insertConnection(row);
      await deps.audit.record({
        action: 'channel_connection.created',
        target: { type: 'channel_connection', id: row.id },
        after: connectionView(row),
      });
      return { ...connectionView(row), secret };
    },

    list: async () => (await deps.channels.listConnections()).map(connectionView),

    async setActive(id: string, active: boolean) {
      if (!(await deps.channels.setActive(id, active)))
        throw new AppError('NOT_FOUND', `No channel connection ${id}`);
      await deps.audit.record({
        action: active ? 'channel_connection.enabled' : 'channel_connection.disabled',
        target: { type: 'channel_connection', id },
      });
      return connectionView((await deps.channels.findConnection(id))!);
    },

    /** A connection's reservation messages, newest first (of one booking when asked). */
    async deliveries(id: string, bookingId: string | undefined) {
      if (!(await deps.channels.findConnection(id)))
        throw new AppError('NOT_FOUND', `No channel connection ${id}`);
      return (await deps.channels.deliveries(id, bookingId, 100)).map((d) => ({
        id: d.id,
        booking_id: d.booking_id,
        event_id: d.event_id,
        action: d.action,
        status: d.status,
        attempts: d.attempts,
        next_attempt_at: d.next_attempt_at,
        last_attempt_at: d.last_attempt_at,
        last_status_code: d.last_status_code,
        last_error: d.last_error,
        created_at: d.created_at,
        message: d.body,
      }));
    },

    /** The active connection whose credentials these are, or undefined. */
    async authenticate(id: string, secret: string): Promise<ConnectionRow | undefined> {
      const c = await deps.channels.findConnection(id);
      if (c?.active !== 1) return undefined;
      const a = Buffer.from(c.secret_hash, 'hex');
      const b = Buffer.from(digest(secret), 'hex');
      return a.length === b.length && timingSafeEqual(a, b) ? c : undefined;
    },
  };
}

export type ChannelConnections = ReturnType<typeof createChannelConnections>;
