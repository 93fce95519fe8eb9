// The measured calls. Each later feature adds its endpoints here.
export type Scenario = {
  name: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  /** Sends the demo admin's Bearer token. */
  auth?: boolean;
  body?: unknown;
};

export const scenarios: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/v1/user (Bearer)', path: '/api/v1/user', auth: true },
  { name: 'GET /api/v1/user/projects (Bearer)', path: '/api/v1/user/projects', auth: true },
  // The demo project is the first one of a fresh database; these pass the membership guard.
  { name: 'GET /projects/1/user (member)', path: '/api/v1/projects/1/user', auth: true },
  { name: 'GET /projects/1/team (admin)', path: '/api/v1/projects/1/team', auth: true },
  { name: 'GET /projects/1/statuses (member)', path: '/api/v1/projects/1/statuses', auth: true },
];
