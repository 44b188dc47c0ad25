import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError, unprocessable } from '../lib/http-error.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, and refusal of state-changing requests from other sites (design.md
 * section 3): a browser sends Origin or Sec-Fetch-Site; scripts (an ERP job uploading
 * files) send neither and still work.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  // Helmet's answer never varies here (no CSP nonces), but @fastify/helmet rebuilds it on
  // every request (a tenth of a millisecond, issue 3's profile): learn it once, set it on each.
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only means something over HTTPS; it is added below when the request came that way.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onSend', async (request, reply) => {
    // API answers carry a customer's orders, contacts and the staff lists: no browser or shared
    // cache may keep them (issue 15, item 11). The docs page's own scripts may be cached.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });

  app.addHook('onRequest', async (request) => {
    // Request bodies are never decompressed (a few MB of gzip can expand to gigabytes):
    // a compressed body is refused up front rather than parsed as garbage.
    const encoding = request.headers['content-encoding'];
    if (encoding && encoding.trim().toLowerCase() !== 'identity') {
      throw new HttpError(415, 'Compressed request bodies are not accepted: send the data uncompressed');
    }
    if (safeMethods.has(request.method)) return;
    if (isCrossSite(request, publicOrigin)) {
      // Said at warn, with what was compared: behind a proxy that rewrites Host, every browser
      // POST lands here, and the log is where whoever runs it finds why (issue 44).
      request.log.warn(
        {
          origin: request.headers.origin,
          fetchSite: request.headers['sec-fetch-site'],
          expected: [publicOrigin, ownOrigin(request)],
        },
        'refused a state-changing request from another site',
      );
      throw forbidden('Requests from other sites are not accepted');
    }
  });

  // PostgreSQL text cannot hold U+0000: a NUL in any field would fail in the database as a
  // 500. Refused here once, after the guards, for every JSON body and query string (found by
  // tests/security/fuzz.api.test.ts).
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.body) ?? fieldWithNul(request.query);
    if (field !== null) throw unprocessable(nulMessage, [{ Field: field, Message: nulMessage }]);
  });
});

function isApiPath(url: string): boolean {
  return (
    (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) &&
    !url.startsWith('/api/docs/static/')
  );
}

export const nulMessage = 'Text must not contain NUL characters';

/** The path of the first string (or key) holding U+0000, walked without recursion (bodies nest deep). */
function fieldWithNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * The headers helmet sets with these options, read from its answer to one request on a
 * throwaway instance: the same set as registering it, without its per-request work.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!own.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** The origin the request was sent to, as the server sees it (Host, or X-Forwarded-Host when trusted). */
function ownOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether a state-changing request came from another site. The browser's own word first:
 * Sec-Fetch-Site (no page can set it) `same-origin` is this site, `cross-site` another, however
 * a proxy in front rewrote the Host (nginx's usual `Host $host` drops a port such as :8443, issue
 * 44). Without it (an older browser), the Origin is compared with PUBLIC_URL's and with the
 * request's own.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-origin') return false;
  const origin = request.headers.origin;
  if (!origin) return false;
  // A page whose referrer policy is no-referrer (helmet's, so this app's) sends `Origin: null`
  // with its own form posts (the sign-in pages without scripts, issue 34). The browser's
  // Sec-Fetch-Site, which no page can set, then says whether it came from this site; without it,
  // an opaque origin (a sandboxed frame, a data: page) is another site.
  if (origin === 'null') return true;
  try {
    // Scheme, host and port: a page on http:// is another site to one on https:// (a
    // network attacker can serve the plain one). Through URL, so a default port written
    // out (`:80`) compares equal to none.
    const from = new URL(origin).origin;
    return from !== publicOrigin && from !== ownOrigin(request);
  } catch {
    return true;
  }
}
