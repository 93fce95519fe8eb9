import type { z } from 'zod';

/**
 * One API call, declared once: its method, its path under /api/v1 (`:name` for path
 * parameters), the schemas of its parameters, query, body and answer, and the status of a
 * success. The server registers its route from it, the web builds its request from it, and the
 * tests call it through it, so a URL or a shape is never typed twice.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type EndpointSpec = {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** 201 for a create; 200 otherwise (every answer carries the envelope, DELETE included). */
  status?: 200 | 201;
  /** The OpenAPI group. */
  tag: string;
  /**
   * The body is a multipart form with one file in this field (an import's upload), not JSON;
   * the server reads it as a stream.
   */
  upload?: { field: string };
};

/** Any schema of the contract (the web names it without importing zod). */
export type Schema = z.ZodType;

export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: the parameters, query and body as their schemas accept them. */
export type ParamsIn<E extends { params?: z.ZodType }> = InputOf<E['params']>;
export type QueryIn<E extends { query?: z.ZodType }> = InputOf<E['query']>;
export type BodyIn<E extends EndpointSpec> = InputOf<E['body']>;
/** What a handler receives after validation. */
export type ParamsOf<E extends { params?: z.ZodType }> = OutputOf<E['params']>;
export type QueryOf<E extends { query?: z.ZodType }> = OutputOf<E['query']>;
export type BodyOf<E extends EndpointSpec> = OutputOf<E['body']>;
/** The answer inside the envelope, as the client reads it. */
export type ResponseOf<E extends EndpointSpec> = z.output<E['response']>;

/** The endpoint's path with its parameters filled in, e.g. `/projects/7/statuses`. */
export function pathOf(spec: Pick<EndpointSpec, 'path'>, params?: Record<string, unknown>): string {
  return spec.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`pathOf ${spec.path}: the parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * An API call whose answer is a file to save (an export, a report of bad rows), not the JSON
 * envelope: its refusals still are envelopes. `formats` are the file kinds it writes.
 */
export type FileEndpointSpec = {
  method: 'GET';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The OpenAPI group. */
  tag: string;
  file: true;
};

export const fileEndpoint = <const E extends Omit<FileEndpointSpec, 'file' | 'method'>>(
  spec: E,
): E & { method: 'GET'; file: true } => ({ ...spec, method: 'GET', file: true });

/** The kinds of file the product writes, with their media types. */
export const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
export type FileFormat = keyof typeof FILE_TYPES;
