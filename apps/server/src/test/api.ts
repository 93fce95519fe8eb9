import {
  accountsEndpoints,
  pathOf,
  projectsEndpoints,
  type BodyIn,
  type EndpointSpec,
  type ParamsIn,
} from '@crm/contract';
import type { App } from '../app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type ApiAnswer = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
};

/** Calls the real app through inject, as a client would (optionally with a Bearer token). */
export async function call(
  app: App,
  method: Method,
  url: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  const type = String(response.headers['content-type'] ?? '');
  return {
    status: response.statusCode,
    headers: response.headers,
    body: type.includes('json') ? response.json() : response.body,
  };
}

/** The URL of a contract endpoint under /api/v1, with its path parameters filled in. */
export const urlOf = <E extends Pick<EndpointSpec, 'path' | 'params'>>(endpoint: E, params?: ParamsIn<E>) =>
  `/api/v1${pathOf(endpoint, params as Record<string, unknown> | undefined)}`;

/** Calls a contract endpoint by its declaration, as the web does. */
export const callEndpoint = <E extends EndpointSpec>(
  app: App,
  endpoint: E,
  options: { params?: ParamsIn<E>; body?: BodyIn<E>; token?: string | null } = {},
) =>
  call(app, endpoint.method, urlOf(endpoint, options.params), { token: options.token, body: options.body });

let counter = 0;

/** Registers a fresh user and returns his token and email. */
export async function registerUser(app: App, name = 'Иван Петров') {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const answer = await callEndpoint(app, accountsEndpoints.register, {
    body: { name, email, password: 'password123', password_confirmation: 'password123' },
  });
  if (answer.status !== 201) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  return { token: answer.body.response.token as string, email };
}

/** A user who owns (super_admin) a new project. */
export async function registerOwner(app: App, projectName = 'Проект') {
  const user = await registerUser(app, 'Владелец');
  const project = await callEndpoint(app, projectsEndpoints.create, {
    token: user.token,
    body: { name: projectName },
  });
  if (project.status !== 201) throw new Error(`project failed: ${JSON.stringify(project.body)}`);
  return { ...user, projectId: project.body.response.id as number };
}
