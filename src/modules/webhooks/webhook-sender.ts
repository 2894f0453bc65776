import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';

export interface SendResult {
  /** The HTTP status, or null when no answer came (refused, timed out, blocked address). */
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/** At most this much of a receiver's answer is read; the rest is dropped. */
const MAX_ANSWER_BYTES = 4096;

/**
 * Posts one delivery. The connection goes only to a public address unless private networks are
 * allowed: the check is made on the address the name resolves to, when connecting, on every attempt
 * (request-filtering-agent). Redirects are not followed (a 3xx is a failure); the answer is read up to
 * a small cap; the whole attempt has a deadline.
 */
export function createWebhookSender(options: { timeoutMs: number; allowPrivateNetworks: boolean }) {
  return function send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const done = (result: Omit<SendResult, 'latencyMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...result, latencyMs: elapsed() });
      };
      let request: http.ClientRequest;
      try {
        const target = new URL(url);
        const client = target.protocol === 'https:' ? https : http;
        request = client.request(target, {
          method: 'POST',
          agent: useAgent(url, {
            allowPrivateIPAddress: options.allowPrivateNetworks,
            allowMetaIPAddress: options.allowPrivateNetworks,
            keepAlive: false,
          }),
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'Itinera-Webhooks/1',
          },
          timeout: options.timeoutMs,
        });
      } catch (error) {
        done({ status: null, error: error instanceof Error ? error.message : String(error) });
        return;
      }
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      request.on('response', (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const finish = () => {
          clearTimeout(deadline);
          done({ status: response.statusCode ?? null, error: null });
        };
        response.on('end', finish);
        response.on('close', finish);
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      request.on('error', (error) => {
        clearTimeout(deadline);
        done({ status: null, error: error.message });
      });
      request.end(body);
    });
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
