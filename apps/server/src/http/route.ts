import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelope, type BodyOf, type EndpointSpec, type ParamsOf, type QueryOf } from '@crm/contract';
import { keyMarks, type Access } from './access.js';
import { ok } from './envelope.js';

export type RouteInput<E extends EndpointSpec> = {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
};

type RouteOptions<E extends EndpointSpec> = {
  access: Access;
  /** false: no API key may call it (the team's management, the keys themselves). */
  keys?: false;
  /** A public route other sites call (a lead form): its own CORS, a smaller body limit. */
  crossSite?: { bodyLimit: number };
  /** Returns the answer; the envelope and the status come from the endpoint. */
  handler: (input: RouteInput<E>) => Promise<z.input<E['response']>>;
};

/**
 * Registers the route of an endpoint declared in the contract: its method, path, validation and
 * answer schema come from the declaration; the route adds who may call it and what it does.
 */
export function route<E extends EndpointSpec>(app: FastifyInstance, endpoint: E, options: RouteOptions<E>): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: options.access, keys: options.keys, ...(options.crossSite ? { cors: false } : {}) },
    ...(options.crossSite ? { bodyLimit: options.crossSite.bodyLimit } : {}),
    schema: {
      tags: [endpoint.tag],
      ...keyMarks(endpoint.method, options.access, options.keys),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: envelope(endpoint.response) },
    },
    handler: async (request, reply) => {
      const answer = await options.handler({
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        request,
        reply,
      });
      return reply.code(status).send(ok(answer));
    },
  });
}
