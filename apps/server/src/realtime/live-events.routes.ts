import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS, type LiveEvent } from '@crm/contract';
import { authOf } from '../http/access.js';
import { resolveToken } from '../identity/tokens.js';
import type { RealtimeMessage } from './publisher.js';

/**
 * GET /events: the page's one live connection, as server-sent events. The guard has checked
 * the bearer token (sent in a header by the page, never in the URL). The stream carries what is
 * published on the person's channel `user:{id}` (narrowed to one project for an admin inside a
 * manager's account), and ends when his access ends: a revoked token, an expired switch, or the
 * server closing. The browser reconnects by itself and the page refetches what it shows.
 */
export const liveEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get('/events', { config: { access: 'user' }, schema: { tags: ['live'] } }, async (request, reply) => {
    const auth = authOf(request);
    const token = request.headers.authorization!.replace(/^Bearer\s+/i, '').trim();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      // What the hooks set on the reply (the API's security headers, CORS) would be lost with the
      // hijack: the stream sends them too (http/security-headers.ts).
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // Proxies must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    open.add(res);
    res.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    let sequence = 0;
    const send = (event: LiveEvent | RealtimeMessage) => {
      // A switch into a manager's account carries that project's events only: an event that names
      // no project is his person's, not the switch's.
      const projectId = (event.payload as { project_id?: number } | null)?.project_id;
      if (auth.projectId !== null && event.type !== 'ready' && projectId !== auth.projectId) return;
      sequence += 1;
      res.write(`id: ${sequence}\ndata: ${JSON.stringify(event)}\n\n`);
    };

    const cleanups: (() => void)[] = [];
    const end = () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      open.delete(res);
      if (!res.writableEnded) res.end();
    };
    res.on('close', end);

    cleanups.push(await deps.publisher.subscribe(`user:${auth.user.id}`, send));
    const heartbeat = setInterval(() => res.write(': ♥\n\n'), LIVE_HEARTBEAT_MS);
    cleanups.push(() => clearInterval(heartbeat));
    // A change of his access (a revoked token, a removal) is checked again at once.
    cleanups.push(
      deps.access.onUserChanged(auth.user.id, () => {
        void resolveToken(deps.db, deps.clock.now(), token, deps.access).then((still) => {
          if (!still) end();
        });
      }),
    );
    if (auth.expiresAt !== null) {
      const timer = setTimeout(end, Math.max(0, Date.parse(auth.expiresAt) - deps.clock.now().getTime()));
      cleanups.push(() => clearTimeout(timer));
    }
    if (res.writableEnded) return;
    send({ type: 'ready', payload: { user_id: auth.user.id } });
  });
};
