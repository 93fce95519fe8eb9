import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.js';

/**
 * Pages and assets get helmet's headers, computed once at start: running helmet's middleware
 * per request cost ~40% of a simple route's throughput, and our policy has no per-request parts.
 * JSON answers under /api get the OWASP REST set instead: nothing in them is a document to
 * frame or run, and personal data must not be cached. The API docs (/api/docs, Swagger UI) are
 * a document like the pages and get the same policy.
 *
 * The pages' policy loads styles and fonts from the app's own origin only: the build bundles
 * every stylesheet (the libraries' too) and the fonts, and nothing writes a `<style>` element or
 * a style attribute into the markup (React's `style` prop goes through the CSSOM, which the
 * policy does not govern). `upgrade-insecure-requests` only where the app is served over HTTPS:
 * over plain HTTP it would send the page's own requests to an HTTPS port that is not there.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<AppConfig, 'appUrl' | 'hstsMaxAge'>,
  inlineScripts: readonly string[] = [],
): void {
  const secure = config.appUrl.startsWith('https://');
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    // HSTS_MAX_AGE (a year by default with an https APP_URL): also behind a proxy that ends TLS.
    strictTransportSecurity: config.hstsMaxAge > 0 ? { maxAge: config.hstsMaxAge } : false,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: secure ? [] : null,
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'"],
        fontSrc: ["'self'"],
      },
    },
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});

  const hsts = headers['strict-transport-security'];
  const apiHeaders: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(hsts !== undefined ? { 'strict-transport-security': hsts } : {}),
  };

  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : headers);
    done();
  });
}
