import { accountsEndpoints, conversationsEndpoints, pathOf, projectsEndpoints, statusesEndpoints, teamEndpoints, type EndpointSpec } from '@crm/contract';

// The measured calls. Each later feature adds its endpoints here.
export type Scenario = {
  name: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  /** Sends the demo admin's Bearer token, or a read-and-write API key of the demo project. */
  auth?: boolean | 'key';
  body?: unknown;
  /** The least share of the bare route's requests per second this call should reach (at 50 connections). */
  goal?: number;
};

// The demo project is the first one of a fresh database; its calls pass the membership guard.
const demo = { projectId: 1 };
const v1 = (endpoint: EndpointSpec, params?: Record<string, unknown>) => `/api/v1${pathOf(endpoint, params)}`;

export const scenarios: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health', goal: 0.8 },
  // With the access cache (docs/architecture.md), a signed-in call costs no query for the token.
  { name: 'GET /api/v1/user (Bearer)', path: v1(accountsEndpoints.user), auth: true, goal: 0.5 },
  { name: 'GET /api/v1/user/projects (Bearer)', path: v1(accountsEndpoints.userProjects), auth: true },
  { name: 'GET /projects/1/user (member)', path: v1(projectsEndpoints.me, demo), auth: true, goal: 0.5 },
  { name: 'GET /projects/1/team (admin)', path: v1(teamEndpoints.team, demo), auth: true, goal: 0.35 },
  { name: 'GET /projects/1/statuses (member)', path: v1(statusesEndpoints.list, demo), auth: true, goal: 0.35 },
  // An API key costs what a session does (issue 31): the same route, the same goal.
  { name: 'GET /projects/1/statuses (API key)', path: v1(statusesEndpoints.list, demo), auth: 'key', goal: 0.35 },
  { name: 'GET /projects/1/conversations (admin)', path: v1(conversationsEndpoints.list, demo), auth: true },
];
