import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { useAgent } from 'request-filtering-agent';

/**
 * Why a URL the service is to call on someone's say-so (a webhook endpoint, a machine client's key set)
 * may not be used, or undefined when it may: https only, no credentials in it, and unless private
 * networks are allowed, a host that resolves only to public unicast addresses (no loopback, private,
 * link-local or metadata address). Callers check the address again when they connect, so a name that
 * changes what it resolves to later is still stopped.
 */
export async function publicUrlProblem(
  raw: string,
  allowPrivateNetworks: boolean,
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivateNetworks && url.protocol === 'http:'))
    return allowPrivateNetworks ? 'must be an http or https URL' : 'must be an https URL';
  if (url.username || url.password) return 'may not carry credentials';
  if (url.port === '0') return 'names port 0, which nothing listens on';
  if (allowPrivateNetworks) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return `names a host that does not resolve (${host})`;
    }
  }
  for (const address of addresses) {
    const parsed = ipaddr.process(address);
    if (isIpv4Compatible(parsed))
      return `reaches an IPv4-compatible IPv6 address (${address}), deprecated and not a public one`;
    const range = parsed.range();
    if (range !== 'unicast') return `reaches a ${range} address (${address}), not a public one`;
  }
  return undefined;
}

/**
 * An IPv6 address of the deprecated IPv4-compatible form `::a.b.c.d` (RFC 4291 §2.5.5.1): ipaddr.js
 * calls it unicast, though it carries an IPv4 address (`[::127.0.0.1]` is loopback's) that some stacks
 * still reach.
 */
function isIpv4Compatible(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return (
    address.kind() === 'ipv6' &&
    address
      .toByteArray()
      .slice(0, 12)
      .every((b) => b === 0)
  );
}

/** What a call to a public URL answered: its status, and its body up to the bytes asked for. */
export interface PublicAnswer {
  status: number;
  body: Buffer;
  /** The body was longer than `maxBytes`: the rest was not read. */
  truncated: boolean;
}

/**
 * Calls a URL someone gave the service (a webhook receiver, a machine client's key set), connecting
 * only to a public address unless private networks are allowed: the address the name resolves to is
 * checked when the connection is made (request-filtering-agent), on every call, so a name that resolves
 * elsewhere between a check and the request is still stopped. No redirect is followed; at most
 * `maxBytes` of the answer are read; `timeoutMs` bounds the whole call. Rejects when no answer came.
 */
export function requestPublic(
  url: string,
  options: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    allowPrivateNetworks: boolean;
    maxBytes: number;
    timeoutMs?: number;
    signal?: AbortSignal | null | undefined;
  },
): Promise<PublicAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: options.method,
      agent: useAgent(url, {
        allowPrivateIPAddress: options.allowPrivateNetworks,
        allowMetaIPAddress: options.allowPrivateNetworks,
        keepAlive: false,
      }),
      headers: options.headers,
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const late = () => new Error(`no answer within ${options.timeoutMs} ms`);
    const deadline = options.timeoutMs
      ? setTimeout(() => request.destroy(late()), options.timeoutMs)
      : undefined;
    request.on('timeout', () => request.destroy(late()));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let truncated = false;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read <= options.maxBytes) chunks.push(chunk);
        else {
          truncated = true;
          response.destroy();
        }
      });
      // An answer broken off by the other side is no answer.
      response.on('error', (error) => {
        clearTimeout(deadline);
        reject(error);
      });
      // Once the answer ended, or was cut off at the cap.
      response.on('close', () => {
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 502, body: Buffer.concat(chunks), truncated });
      });
    });
    request.end(options.body);
  });
}

/**
 * GETs a URL as `fetch` would answer it, through `requestPublic`; an answer over `maxBytes` is refused.
 */
export async function getPublic(
  url: string,
  options: { allowPrivateNetworks: boolean; signal?: AbortSignal | null | undefined; maxBytes: number },
): Promise<Response> {
  const answer = await requestPublic(url, {
    method: 'GET',
    headers: { accept: 'application/json', 'user-agent': 'Itinera/1' },
    ...options,
  });
  if (answer.truncated) throw new Error(`answered more than ${options.maxBytes} bytes`);
  return new Response(answer.body, { status: answer.status });
}
