import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Pages and assets get helmet's headers, computed once at start: running helmet's middleware
 * per request cost ~40% of a simple route's throughput, and our policy has no per-request parts.
 * JSON answers under /api get the OWASP REST set instead: nothing in them is a document to
 * frame or run, and personal data must not be cached.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  appUrl: string,
  inlineScripts: readonly string[] = [],
): void {
  const secure = appUrl.startsWith('https://');
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
    strictTransportSecurity: secure,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: secure ? [] : null,
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'", ...inlineScripts],
      },
    },
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});

  const apiHeaders: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(secure ? { 'strict-transport-security': headers['strict-transport-security']! } : {}),
  };

  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : headers);
    done();
  });
}
