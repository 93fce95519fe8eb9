import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FILE_TYPES,
  type FileEndpointSpec,
  type FileFormat,
  type ParamsOf,
  type QueryOf,
} from '@crm/contract';
import { keyMarks, type Access } from './access.js';

/**
 * A file to send: its name as the browser saves it, its kind (one the product writes, or a media
 * type of a file kept as it came, such as a client's photo), and its bytes as they are made.
 */
export type FileAnswer = { fileName: string; body: Readable } & ({ format: FileFormat } | { mediaType: string });

type FileRouteOptions<E extends FileEndpointSpec> = {
  access: Access;
  handler: (input: {
    params: ParamsOf<E>;
    query: QueryOf<E>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<FileAnswer>;
};

/**
 * `attachment` with the name twice: `filename` in ASCII for old clients, `filename*` in UTF-8
 * (RFC 6266) for a Cyrillic name.
 */
export const attachment = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/**
 * Registers a file endpoint of the contract (an export): checked and guarded as `route` does,
 * but its success is the file itself, streamed as the handler makes it; a refusal before the
 * first byte is the usual JSON envelope.
 */
export function fileRoute<E extends FileEndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  options: FileRouteOptions<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: options.access },
    schema: {
      tags: [endpoint.tag],
      ...keyMarks(endpoint.method, options.access, undefined),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
    },
    handler: async (request, reply) => {
      const file = await options.handler({
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        request,
        reply,
      });
      return reply
        .header('content-type', 'format' in file ? FILE_TYPES[file.format] : file.mediaType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
