import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One request, as autocannon's `setRequests` takes it. */
export interface PacedRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  /** Milliseconds from when each answered request was due to its last byte. */
  latencies: number[];
  /** [seconds since the start, latency ms] of every answer. */
  answers: [number, number][];
  statuses: Map<number, number>;
  errors: number;
  seconds: number;
}

/**
 * Sends `total` requests at a steady `rate` a second, one every 1/rate s whatever the answers
 * do (an open loop: customers do not wait for each other), taking `requests` in turn. A
 * latency counts from when its request was due, not from when it went out, so a client that
 * fell behind cannot hide a slow server (coordinated omission).
 * Not autocannon's overallRate: that sends every connection's share at the start of each
 * second, a burst of up to `connections` requests at once, then nothing until the next second.
 */
export async function pacedLoad(
  url: string,
  requests: PacedRequest[],
  rate: number,
  total: number,
): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true });
  const result: PacedResult = { latencies: [], answers: [], statuses: new Map(), errors: 0, seconds: 0 };
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const spec = requests[k % requests.length] ?? {};
    sent.push(
      send(`${url}${spec.path ?? ''}`, spec, agent).then(
        (status) => {
          const now = performance.now();
          result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
          result.latencies.push(now - due);
          result.answers.push([(now - start) / 1000, now - due]);
        },
        () => {
          result.errors++;
        },
      ),
    );
  }
  await Promise.all(sent);
  result.seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return result;
}

function send(url: string, spec: PacedRequest, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: spec.method ?? 'GET', headers: spec.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(spec.body);
  });
}
