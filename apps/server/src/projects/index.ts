import type { Feature } from '../feature.js';
import { seedProjectsDemo } from './projects.demo.js';
import { projectsRoutes } from './projects.routes.js';

export const projectsFeature: Feature = { name: 'projects', routes: projectsRoutes, seedDemo: seedProjectsDemo };
