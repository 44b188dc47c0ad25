import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (design.md 8.8, decision 082), in one registry of prom-client's: the
 * counters live as long as the process, as Prometheus expects (a restart starts them at 0), and
 * every part of the server counts into them where the thing happens. `GET /metrics` sets the
 * gauges that are read from the app at that moment (export files waiting, the pool) and answers
 * the registry's text.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'bev_' });

export const httpRequests = new Histogram({
  name: 'bev_http_request_duration_seconds',
  help: 'HTTP requests by method, route (its pattern, not its ids) and status, with their latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const ordersCounter = new Counter({
  name: 'bev_orders_total',
  help: 'Web orders placed, changed and cancelled',
  labelNames: ['action'] as const,
  registers: [registry],
});

export const importsCounter = new Counter({
  name: 'bev_imports_total',
  help: 'ERP file imports by kind and result: applied, previewed, refused (a 4xx) or failed',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});

export const mailsCounter = new Counter({
  name: 'bev_mails_total',
  help: 'Mails handed to the mail server (or written to the outbox), by result: sent or failed',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const remindersCounter = new Counter({
  name: 'bev_reminders_sent_total',
  help: 'Cutoff reminder mails sent',
  registers: [registry],
});

export const standingOrdersCounter = new Counter({
  name: 'bev_standing_orders_total',
  help: "Standing orders' dates handled, by outcome: placed, skipped, holiday, ordered or refused",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const exportFilesWaiting = new Gauge({
  name: 'bev_export_files_waiting',
  help: 'Order files in the export folder the ERP has not taken yet',
  registers: [registry],
});

export const databaseConnections = new Gauge({
  name: 'bev_database_connections',
  help: "The PostgreSQL pool's connections by state (total, idle, waiting); absent on the embedded database",
  labelNames: ['state'] as const,
  registers: [registry],
});
