import { type Attempted, createOutbox } from '../../../jobs/outbox.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { requestPublic } from '../../../ports/public-urls.ts';
import type { EventSubscriber } from '../../events/index.ts';
import type { ChannelDelivery, ChannelRepository } from './channel-repository.ts';
import {
  actionOf,
  type BookingForChannel,
  hotelConfirmationIn,
  reservationMessage,
} from './ota-reservation.ts';

/** At most this much of a channel manager's answer is read. */
const MAX_ANSWER_BYTES = 16_384;
/** Messages claimed and sent side by side at a time. */
const BATCH = 20;

/**
 * A hotel booking's changes as reservation messages for the channel managers of its hotel's group, made
 * in the change's own transaction (the event's): one `OTA_HotelResNotifRQ` per connection covering the
 * hotel that has a reservations URL, due at once.
 */
export function createChannelFanOut(deps: {
  channels: ChannelRepository;
  ids: IdGenerator;
}): EventSubscriber {
  return async (trx, event, object) => {
    if (!event.type.startsWith('hotel_booking.')) return;
    const booking = object as BookingForChannel;
    const action = actionOf(event.type, booking);
    if (!action) return;
    const targets = (await deps.channels.coveringHotel(trx, booking.hotel.code)).filter(
      (c) => c.reservations_url,
    );
    const at = event.created_at;
    await deps.channels.enqueue(
      trx,
      targets.map((c) => {
        const id = deps.ids.ordered('chd');
        return {
          id,
          connection_id: c.id,
          booking_id: booking.id,
          event_id: event.id,
          action,
          body: reservationMessage(booking, action, id, new Date(at)),
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: at,
          locked_until: null,
          last_attempt_at: null,
          last_status_code: null,
          last_error: null,
          created_at: at,
        };
      }),
    );
  };
}

/** Whether a channel manager's answer took the message: a 2xx whose RS holds no `Errors`. */
function taken(status: number, body: string): { ok: true } | { ok: false; error: string } {
  if (status < 200 || status >= 300) return { ok: false, error: `answered ${status}` };
  const errors = /<(?:\w+:)?Errors[\s>][\s\S]*?<\/(?:\w+:)?Errors>/.exec(body);
  if (!errors) return { ok: true };
  const texts = [...errors[0].matchAll(/ShortText="([^"]*)"|>([^<]+)</g)].map((m) =>
    (m[1] ?? m[2] ?? '').trim(),
  );
  return { ok: false, error: `answered with OTA errors: ${texts.filter(Boolean).join('; ') || 'no text'}` };
}

/**
 * Reservation messages as an outbox: each attempt posts the message (HTTP Basic when the connection
 * has receiver credentials) and is done when the channel manager takes it; otherwise due again on the
 * retry schedule, failed for good after the last. A booking's messages reach a connection in the order
 * they were made: one waits while an earlier one of the same booking is still to be sent.
 */
export function createChannelDeliverer(deps: {
  channels: ChannelRepository;
  clock: Clock;
  random: () => number;
  scheduleSeconds: readonly number[];
  timeoutMs: number;
  leaseMs: number;
  allowPrivateNetworks: boolean;
}) {
  async function attempt(d: ChannelDelivery): Promise<Attempted<{ last_status_code: number | null }>> {
    const connection = await deps.channels.findConnection(d.connection_id);
    if (!connection?.reservations_url || connection.active !== 1)
      return { ok: false, error: 'the connection is off or has no reservations URL', retry: false };
    if (await deps.channels.earlierPending(d))
      return { ok: false, error: 'waits for an earlier message of this booking' };
    const headers: Record<string, string> = {
      'content-type': 'application/xml; charset=utf-8',
      'content-length': String(Buffer.byteLength(d.body)),
      'user-agent': 'Itinera-Channel/1',
    };
    if (connection.reservations_username)
      headers.authorization = `Basic ${Buffer.from(`${connection.reservations_username}:${connection.reservations_password ?? ''}`).toString('base64')}`;
    try {
      const answer = await requestPublic(connection.reservations_url, {
        method: 'POST',
        headers,
        body: d.body,
        allowPrivateNetworks: deps.allowPrivateNetworks,
        maxBytes: MAX_ANSWER_BYTES,
        timeoutMs: deps.timeoutMs,
      });
      const record = { last_status_code: answer.status };
      const body = answer.body.toString('utf8');
      const outcome = taken(answer.status, body);
      if (!outcome.ok) return { ...outcome, record };
      // The hotel's confirmation number, when its channel manager answers one, goes on the booking.
      const confirmation = d.action === 'Cancel' ? null : hotelConfirmationIn(body);
      if (confirmation) await deps.channels.setHotelConfirmation(d.booking_id, confirmation);
      return { ok: true, record };
    } catch (error) {
      return {
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        record: { last_status_code: null },
      };
    }
  }

  return createOutbox({
    name: 'channels.deliver',
    store: deps.channels,
    attempt,
    retry: { kind: 'schedule', delaysSeconds: deps.scheduleSeconds, jitter: 0.1 },
    clock: deps.clock,
    random: deps.random,
    batch: BATCH,
    concurrency: BATCH,
    // A booking's messages to one connection go one after the other within a batch.
    sequenceOf: (d) => `${d.connection_id}|${d.booking_id}`,
    leaseMs: Math.max(deps.leaseMs, deps.timeoutMs * 2),
  });
}

export type ChannelDeliverer = ReturnType<typeof createChannelDeliverer>;
