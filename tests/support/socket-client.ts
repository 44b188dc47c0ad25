import { randomInt } from 'node:crypto';
import http from 'node:http';

/**
 * Requests through real sockets, each on its own connection, from a chosen loopback address
 * (all of 127.0.0.0/8 reaches the server): an attacker's bursts from one address or many,
 * without sharing an address (and so its counts in Redis) with another test. The benches pass
 * an agent instead, to keep their customers' connections open as browsers do.
 */
export interface SocketAnswer {
  status: number;
  body: string;
  /** The `name=value` part of each Set-Cookie. */
  cookies: string[];
}

export function request(
  url: string,
  opts: {
    method?: string;
    body?: unknown;
    localAddress?: string;
    headers?: Record<string, string>;
    /** Connections kept by this agent; by default each request has a connection of its own. */
    agent?: http.Agent;
    /** Gives up on an answer that takes longer (a bench's hung request is an error, not a wait). */
    timeoutMs?: number;
  } = {},
): Promise<SocketAnswer> {
  // A form as a browser posts it (URLSearchParams), or JSON as the app's API calls send.
  const form = opts.body instanceof URLSearchParams;
  const payload = opts.body === undefined ? undefined : form ? String(opts.body) : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? (payload ? 'POST' : 'GET'),
        agent: opts.agent ?? false,
        timeout: opts.timeoutMs,
        localAddress: opts.localAddress,
        headers: {
          ...(payload
            ? {
                'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
                'content-length': Buffer.byteLength(payload),
              }
            : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer after ${opts.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A loopback address of this test alone. */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** How many answers had each status: `{ 401: 5, 429: 95 }`. */
export function statusCounts(answers: SocketAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
