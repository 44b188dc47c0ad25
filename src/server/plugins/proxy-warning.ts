import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const proxyWarningMessage =
  'Requests arrive through a proxy (X-Forwarded-Proto/X-Forwarded-For) but TRUST_PROXY is off, so the server ' +
  "takes them for plain HTTP from the proxy's address: the session cookie is not Secure, HSTS is not sent, " +
  'the sign-in limits count every customer as the proxy, and a browser that sends no Sec-Fetch-Site has its ' +
  'changes refused unless PUBLIC_URL names the site. Set TRUST_PROXY (README, Running it).';

/**
 * Without TRUST_PROXY, in every mode (the README never asks for NODE_ENV=production, issue 44),
 * the first request that came through a proxy (it carries X-Forwarded-Proto or
 * X-Forwarded-For) over plain HTTP logs one warning saying what will not work: behind a TLS proxy
 * the server cannot tell the browser used HTTPS, nor who the client is (issue 15, item 11).
 * Once per process; the hook then leaves itself idle.
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
