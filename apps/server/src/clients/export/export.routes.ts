import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientsEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { fileRoute } from '../../http/file-route.js';
import { exportClients } from './export.service.js';

/** The export: any member; a manager's file holds only his own clients. */
export const clientExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  fileRoute(app, clientsEndpoints.export, {
    access: 'member',
    handler: ({ request, query }) => exportClients(deps, memberActorIn(request), query),
  });
};
