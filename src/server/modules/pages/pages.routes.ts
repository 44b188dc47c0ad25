import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { QueryClient } from '@tanstack/react-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { signInRateLimit } from '../auth/sign-in.js';
import { type PageContext, serverRoutes, withServerRoutes } from './page-data.js';

/** The customer pages the server draws (design.md 8.1); the sign-in pages also take form posts. */
const PAGES = [
  '/user/login',
  '/user/login/email',
  '/user/venue',
  '/invite/:token',
  '/maint/login',
  '/order/home',
  '/order/form/:id',
  '/order/history',
  '/order/history/detail/:id',
  '/order/invoices',
  '/order/invoices/:id',
  '/order/people',
  '/order/standing',
  '/order/standing/:id',
  '/worksheet/:id/:name',
];
const FORM_PAGES = ['/user/login', '/user/login/email', '/user/venue', '/invite/:token', '/maint/login'];

/** A form post is a few fields: anything longer is not one of the sign-in forms. */
const FORM_BODY_LIMIT = 4096;

export interface PageTemplate {
  /** The page up to the inside of `<div id="root">`, with `<title>` to fill. */
  before: string;
  /** The rest, from `</div>` on. */
  after: string;
}

const ROOT = '<div id="root"></div>';

export function readTemplate(file: string): PageTemplate {
  const html = readFileSync(file, 'utf8');
  const at = html.indexOf(ROOT);
  if (at < 0) throw new Error(`${file} has no ${ROOT}`);
  return { before: html.slice(0, at), after: html.slice(at + ROOT.length) };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The customer pages, drawn on the server by the browser's own route components (issue 34):
 * `entry-server.tsx` renders them with React Router's static handler, this plugin gives it the
 * request, the caller and the template (the built index.html, or the source one before a build),
 * and sends the page with a nonce for the router's hydration script. Private pages are never
 * stored. The sign-in pages' forms post here (`application/x-www-form-urlencoded`) and work
 * without scripts: 303 to the next page with the session cookie, or the page again with the
 * spec's message. The origin check (security.ts) and the sign-in limits apply as to the API's.
 */
export async function pageRoutes(app: FastifyInstance, opts: { webRoot: string; sourceRoot: string }) {
  const built = path.join(opts.webRoot, 'index.html');
  // Read for each page, as the static files are: a new build put in place is served at once.
  const template = () => readTemplate(existsSync(built) ? built : path.join(opts.sourceRoot, 'index.html'));

  // The React tree and its modules load with the first page, not at start (a process that only
  // answers the API never pays for them).
  let renderer:
    | Promise<(ctx: PageContext, request: FastifyRequest, nonce: string) => Promise<Answer>>
    | undefined;
  const getRenderer = () => {
    renderer ??= import('../../../web/entry-server.js').then((web) => {
      web.setServerSanitizer(sanitizeHtml);
      const render = web.createPageRenderer(withServerRoutes(web.routes, serverRoutes(app, web)));
      return async (ctx: PageContext, request: FastifyRequest, nonce: string): Promise<Answer> => {
        const result = await render({
          request: toFetchRequest(request),
          context: ctx,
          queryClient: ctx.queryClient,
          render: { now: app.now().getTime(), width: web.guessWidth(request.headers) },
          nonce,
        });
        if (result.kind === 'response') return { kind: 'response', response: result.response };
        const { before, after } = template();
        const title = result.title ? `${result.title} - ${web.APP_NAME}` : web.APP_NAME;
        return {
          kind: 'page',
          status: result.status,
          html:
            before.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`) +
            `<div id="root">${result.html}</div>` +
            `<script type="application/json" id="${web.APP_STATE_ID}">${web.serializeAppState(result.state)}</script>` +
            after,
        };
      };
    });
    return renderer;
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx: PageContext = {
      request,
      reply,
      principal: await app.loadPrincipal(request),
      queryClient: new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } }),
    };
    const nonce = randomBytes(16).toString('base64');
    const result = await (await getRenderer())(ctx, request, nonce);
    reply.header('cache-control', 'no-store');
    if (result.kind === 'response') {
      const location = result.response.headers.get('location') ?? '/';
      // After a form post, the next page is fetched with GET (303), whatever the router said.
      return reply.redirect(location, request.method === 'POST' ? 303 : result.response.status);
    }
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header(
      'content-security-policy',
      csp.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`),
    );
    reply.code(result.status).type('text/html; charset=utf-8');
    return reply.send(compressed(request, reply, result.html));
  };

  // Pages, not API calls: not in the API's document.
  for (const url of PAGES) app.get(url, { schema: { hide: true } }, answer);
  for (const url of FORM_PAGES)
    app.post(url, { schema: { hide: true }, config: { rateLimit: signInRateLimit } }, answer);
}

/**
 * The page compressed as the browser accepts (brotli, else gzip): a phone on a slow network
 * receives the drawn page in a fraction of its size (issue 22's rule for every page). Brotli at
 * quality 5: near the best ratio for text this size, at a small cost per page (bench/notes/lighthouse.md).
 */
function compressed(request: FastifyRequest, reply: FastifyReply, html: string): Buffer | string {
  reply.header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html);
  }
  return html;
}

type Answer = { kind: 'response'; response: Response } | { kind: 'page'; status: number; html: string };

/** The request as React Router reads it: its address, and a form post's body. */
function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (request.method !== 'POST') return new Request(url, { method: request.method });
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: typeof request.body === 'string' ? request.body : '',
  });
}
