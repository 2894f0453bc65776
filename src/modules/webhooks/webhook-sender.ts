import { requestPublic } from '../../ports/public-urls.ts';

export interface SendResult {
  /** The HTTP status, or null when no answer came (refused, timed out, blocked address). */
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/** At most this much of a receiver's answer is read; the rest is dropped. */
const MAX_ANSWER_BYTES = 4096;

/**
 * Posts one delivery (`requestPublic`): only to a public address unless private networks are allowed,
 * checked on the address connected to, on every attempt. Redirects are not followed (a 3xx is a
 * failure); the answer is read up to a small cap; the whole attempt has a deadline.
 */
export function createWebhookSender(options: { timeoutMs: number; allowPrivateNetworks: boolean }) {
  return async function send(
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const answer = await requestPublic(url, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Itinera-Webhooks/1',
        },
        body,
        allowPrivateNetworks: options.allowPrivateNetworks,
        maxBytes: MAX_ANSWER_BYTES,
        timeoutMs: options.timeoutMs,
      });
      return { status: answer.status, error: null, latencyMs: elapsed() };
    } catch (error) {
      return {
        status: null,
        error: error instanceof Error ? error.message : String(error),
        latencyMs: elapsed(),
      };
    }
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
