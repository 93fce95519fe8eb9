import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when the answer has gone: method, route pattern, status,
 * time and the signed-in user's id. Never the URL's query or a header, so no token or email is
 * logged.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.auth?.user.id,
      },
      'request',
    );
    done();
  });
}
