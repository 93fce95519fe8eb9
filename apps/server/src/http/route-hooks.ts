import type { onRequestHookHandler, RouteOptions } from 'fastify';

/**
 * Gives one route a hook of its own (from an `onRoute` hook): a hook only some routes need costs
 * the others nothing, where a global one runs on every request.
 */
export function addRequestHook(route: RouteOptions, hook: onRequestHookHandler): void {
  route.onRequest = [route.onRequest ?? []].flat().concat(hook);
}
