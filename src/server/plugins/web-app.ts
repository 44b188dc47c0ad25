import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built React app: hashed assets with a long cache, compressed at build time, and
 * index.html (never cached) for every other GET that is not under /api, so the browser router
 * shows the right screen (or its not-found page). Unknown /api paths keep the JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const index = path.join(opts.root, 'index.html');
  const built = existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip copies of its text files (scripts/precompress.ts);
      // the one the browser accepts is sent, with Vary: Accept-Encoding (issue 22).
      preCompressed: true,
      // Source maps are never served, whatever the build left in the folder: they are the
      // whole source (issue 15, item 11). A refused path falls to the 404 below.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`The web app is not built (${index} is missing): run "npm run build".`);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ ErrorMessage: `No such API path: ${request.method} ${url}` });
    }
    // A missing hashed asset must not turn into index.html (the browser would parse HTML as JS).
    if (url.startsWith('/assets/') || path.extname(url)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!built)
      return reply.code(503).type('text/plain').send('The web app is not built: run "npm run build".');
    // A build replacing the page in place (README, "Running it", says to build a release
    // elsewhere): try again in a moment, rather than a 404 from inside this handler (issue 44).
    if (!existsSync(index))
      return reply
        .code(503)
        .header('retry-after', '1')
        .header('cache-control', 'no-store')
        .type('text/plain')
        .send('The web app is being updated: try again in a moment.');
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
});
