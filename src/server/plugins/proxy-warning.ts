import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const proxyWarningMessage =
  'Requests arrive over plain HTTP through a proxy (X-Forwarded-Proto/X-Forwarded-For) but TRUST_PROXY is off: ' +
  'the session cookie will not be Secure and HSTS is off. Behind a TLS proxy, set TRUST_PROXY (README, Configuration).';

/**
 * In production without TRUST_PROXY, the first request that came through a proxy (it carries
 * X-Forwarded-Proto or X-Forwarded-For) over plain HTTP logs one warning: behind a TLS proxy
 * the server cannot tell the browser used HTTPS, so the cookie never gets `Secure` and HSTS is
 * never sent, silently (issue 15, item 11). Once per process; the hook then leaves itself idle.
 */
export const proxyWarningPlugin = fp(async (app: FastifyInstance, opts: { enabled: boolean }) => {
  if (!opts.enabled) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.protocol === 'http') {
      const h = request.headers;
      if (h['x-forwarded-proto'] !== undefined || h['x-forwarded-for'] !== undefined) {
        warned = true;
        app.log.warn(
          { forwardedProto: h['x-forwarded-proto'], peer: request.socket.remoteAddress },
          proxyWarningMessage,
        );
      }
    }
    done();
  });
});
