import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Limits that keep the site up under slow or stalled clients (issue 15, item 5; decision 025).
 * A request body is timed by its progress, never by its total duration: a 200 MB import on a
 * slow link takes as long as it takes, as long as it keeps arriving.
 */
export interface SlowClientLimits {
  /** A request body must bring at least `bodyMinBytes` in every window of this length... */
  bodyWindowMs: number;
  /** ...or its connection is closed: a body that trickles (1 byte every 10 s) holds nothing for long. */
  bodyMinBytes: number;
  /** The request line and headers must be complete within this time (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (above the 60 s idle of common proxies). */
  keepAliveTimeoutMs: number;
  /** Connections beyond this are refused, so that sockets never use up the open-file limit. */
  maxConnections: number;
}

/** Open files kept for the database, export and mail files, imports, logs: never taken by sockets. */
const RESERVED_FILES = 1024;

export const defaultSlowClientLimits: SlowClientLimits = {
  // 1 KiB per 30 s is a floor 1,000 times below any real link (a 56 kbit/s modem sends 200 KiB),
  // and a 30 s pause of a mobile link still passes.
  bodyWindowMs: 30_000,
  bodyMinBytes: 1024,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 65_000,
  maxConnections: connectionCap(openFileLimit()),
};

/** The process's soft limit on open files (Linux), or null where it cannot be read. */
export function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** As many connections as the open-file limit allows with room left for the rest; 4,096 when unknown. */
export function connectionCap(fileLimit: number | null): number {
  if (fileLimit === null) return 4096;
  return Math.max(256, Math.min(50_000, fileLimit - RESERVED_FILES));
}

interface Watch {
  windowStart: number;
  bytesAtStart: number;
}

/**
 * Applies the server-wide limits and watches every request body in progress. One timer for
 * all of them compares the socket's bytes read with the window's start: no listener is put on
 * the body itself, so the route's parser reads it as it would.
 */
export const slowClientsPlugin = fp(async (app: FastifyInstance, limits: SlowClientLimits) => {
  app.server.headersTimeout = limits.headersTimeoutMs;
  app.server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  app.server.maxConnections = limits.maxConnections;
  // No total request time (requestTimeout stays 0) and no socket idle time (connectionTimeout
  // stays 0): the socket is quiet while the server applies an import, which may take minutes.

  const watched = new Map<IncomingMessage, Watch>();
  const check = () => {
    const now = performance.now();
    for (const [req, w] of watched) {
      const socket = req.socket;
      if (req.complete || socket.destroyed) {
        watched.delete(req);
        continue;
      }
      if (now - w.windowStart < limits.bodyWindowMs) continue;
      if (socket.bytesRead - w.bytesAtStart < limits.bodyMinBytes) {
        watched.delete(req);
        app.log.info(
          { url: req.url, method: req.method, bytesRead: socket.bytesRead },
          'request body too slow: connection closed',
        );
        socket.destroy();
      } else {
        w.windowStart = now;
        w.bytesAtStart = socket.bytesRead;
      }
    }
  };
  const timer = setInterval(check, Math.max(50, Math.min(1000, limits.bodyWindowMs / 4)));
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // An answer sent before the body was read (413 for an announced size, 401 from a guard,
  // a refused upload) closes the connection: otherwise the unread body is taken for the
  // next request on that socket, which then waits for bytes that never come (issue 15, item 10).
  app.addHook('onSend', (request, reply, _payload, done) => {
    const req = request.raw;
    if (hasBody(req) && !req.complete && typeof req.socket?.bytesRead === 'number') {
      reply.header('connection', 'close');
    }
    done();
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const req = request.raw;
    // app.inject's requests have no real socket: nothing to time.
    if (hasBody(req) && !req.complete && typeof req.socket?.bytesRead === 'number') {
      watched.set(req, { windowStart: performance.now(), bytesAtStart: req.socket.bytesRead });
      req.once('close', () => watched.delete(req));
    }
    done();
  });
});

function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}
