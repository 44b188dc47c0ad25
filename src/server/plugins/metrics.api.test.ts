import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { TEST_NOW } from '#support/test-config.js';
import { httpRequests } from '../lib/metrics.js';

const TOKEN = 'metrics-token-for-the-tests';

/**
 * GET /metrics (design.md 8.8, decision 082): Prometheus' text format, read back with a parser;
 * it counts an order placed, an import applied and each request by route and status; it answers
 * only with the token, and not at all without one set.
 */
describe('metrics', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    // A folder of its own: the export folder's files are counted, and no other test's are there.
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-metrics-'));
    t = await createTestApp({
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), metricsToken: TOKEN },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const scrape = async (): Promise<MetricFamily[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusTextFormat(res.body);
  };
  const family = (all: MetricFamily[], name: string) => all.find((f) => f.name === name);
  /** A counter's value for the labels given (0 when the series has not started). */
  const counter = (all: MetricFamily[], name: string, labels: Record<string, string> = {}) => {
    const series = family(all, name)?.metrics.find((m) =>
      Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
    );
    return Number(series?.value ?? 0);
  };

  it('parses as Prometheus text, with the process and event loop figures', async () => {
    const all = await scrape();
    expect(family(all, 'bev_nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(family(all, 'bev_process_resident_memory_bytes')?.type).toBe('GAUGE');
    expect(family(all, 'bev_export_files_waiting')?.metrics[0]?.value).toBe('0');
    for (const name of [
      'bev_orders_total',
      'bev_imports_total',
      'bev_mails_total',
      'bev_standing_orders_total',
    ])
      expect(family(all, name)?.type, name).toBe('COUNTER');
  });

  it('counts an order placed, the request that placed it and its file waiting for the ERP', async () => {
    const before = await scrape();
    const cookie = await signInCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      headers: { cookie },
      payload: await validOrderBody(t.db, 1001, TEST_NOW),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.settle();
    const after = await scrape();
    expect(counter(after, 'bev_orders_total', { action: 'placed' })).toBe(
      counter(before, 'bev_orders_total', { action: 'placed' }) + 1,
    );
    // The text holds the latency histogram; the parser flattens a labelled histogram's series,
    // so the request's own series is read from prom-client's histogram itself.
    expect(family(after, 'bev_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const series = (await httpRequests.get()).values.find(
      (v) =>
        v.metricName === 'bev_http_request_duration_seconds_count' &&
        v.labels.route === '/api/v1/Order' &&
        v.labels.method === 'POST' &&
        v.labels.status === '201',
    );
    expect(series?.value).toBeGreaterThanOrEqual(1);
    expect(Number(family(after, 'bev_export_files_waiting')?.metrics[0]?.value)).toBeGreaterThanOrEqual(1);
    // The confirmation went to the outbox: one mail sent.
    expect(counter(after, 'bev_mails_total', { result: 'sent' })).toBe(
      counter(before, 'bev_mails_total', { result: 'sent' }) + 1,
    );
  });

  it('counts an import applied, and one refused', async () => {
    const admin = await signInAdmin(t.app);
    const upload = (content: string) => {
      const body = multipartFile(content, { fileName: 'items.txt' });
      return t.app.inject({
        method: 'POST',
        url: '/api/ItemImport',
        payload: body.payload,
        headers: { ...body.headers, cookie: admin },
      });
    };
    const before = await scrape();
    expect((await upload('MX-1\tMetrics Ale\t12\t2\tY\tBTL\tCS\n')).statusCode).toBe(200);
    expect((await upload('not an item file\n')).statusCode).toBe(422);
    const after = await scrape();
    for (const result of ['applied', 'refused'])
      expect(counter(after, 'bev_imports_total', { kind: 'Items', result }), result).toBe(
        counter(before, 'bev_imports_total', { kind: 'Items', result }) + 1,
      );
  });

  it('answers 401 without the token or with a wrong one, and counts nothing for them but the request', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('bev_');
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('answers 404, as a path that does not exist', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('bev_');
    } finally {
      await t.close();
    }
  });
});
