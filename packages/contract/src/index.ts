export * from './common.js';
export * from './roles.js';
export * from './auth.js';
export * from './projects.js';
export * from './users.js';
export * from './team.js';
export * from './statuses.js';
