import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt, signed with the `standardwebhooks` library: the id is
 * the event id (the same on every retry, the receiver's idempotency key), the timestamp this attempt's.
 * While a rotated-out secret is still in its grace period, its signature is sent too.
 */
export function signedHeaders(
  secrets: readonly string[],
  eventId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
