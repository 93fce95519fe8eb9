import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEAD_ORIGIN_REFUSED, LEAD_SUBMISSION_MAX_BYTES, leadFormsEndpoints as api } from '@crm/contract';
import { actorIn } from '../../http/actor.js';
import { forbidden } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import { embedScript } from './embed-script.js';
import {
  changeLeadForm,
  createLeadForm,
  createSubmissionPaces,
  listLeadFormViews,
  openForm,
  originAllowed,
  removeLeadForm,
  showForm,
  submitLead,
} from './lead-forms.service.js';
import { findLeadFormByKey } from './lead-forms.repository.js';

const originOf = (header: string | string[] | undefined) => (typeof header === 'string' ? header : undefined);

/**
 * The project's lead forms (admins, never with a key), and the public side a site calls: the form,
 * its submissions, the embed script. Their CORS is the form's own: only its declared sites.
 */
export const leadFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const pace = createSubmissionPaces(deps.config.leadForms.perAddressPerMinute);

  route(app, api.list, { access: 'admin', keys: false, handler: ({ params }) => listLeadFormViews(deps.db, params.projectId) });
  route(app, api.create, { access: 'admin', keys: false, handler: ({ request, body }) => createLeadForm(deps, actorIn(request), body) });
  route(app, api.update, {
    access: 'admin',
    keys: false,
    handler: ({ request, params, body }) => changeLeadForm(deps, actorIn(request), params.formId, body),
  });
  route(app, api.remove, {
    access: 'admin',
    keys: false,
    handler: async ({ request, params }) => {
      await removeLeadForm(deps, actorIn(request), params.formId);
      return { ok: true as const };
    },
  });

  // A declared site's browser may read the answers; any other gets no CORS headers (and a refusal).
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/v1/lead-forms/') || url.endsWith('/embed.js')) return;
    const origin = originOf(request.headers.origin);
    if (!origin) return;
    const key = (request.params as { key?: string }).key ?? '';
    const form = await findLeadFormByKey(deps.db, key);
    if (!form || form.enabled !== 1 || !originAllowed(form, origin)) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  });

  route(app, api.show, {
    access: 'public',
    crossSite: { bodyLimit: 1024 },
    handler: ({ params, request }) => showForm(deps, params.key, originOf(request.headers.origin)),
  });
  route(app, api.submit, {
    access: 'public',
    crossSite: { bodyLimit: LEAD_SUBMISSION_MAX_BYTES },
    handler: async ({ params, request, body }) => {
      const form = await openForm(deps.db, params.key);
      if (!originAllowed(form, originOf(request.headers.origin))) throw forbidden(LEAD_ORIGIN_REFUSED);
      pace(form, request.ip, deps.clock.now().getTime());
      return submitLead(deps, form, body);
    },
  });
  // The preflight of a declared site's JSON POST.
  for (const url of ['/lead-forms/:key', '/lead-forms/:key/submissions']) {
    app.options(url, { config: { access: 'public', cors: false }, schema: { hide: true } }, async (request, reply) => {
      if (!reply.hasHeader('access-control-allow-origin')) return reply.code(403).send();
      return reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }
  // The snippet's script: renders the form where the site put it and sends it here.
  app.get('/lead-forms/:key/embed.js', { config: { access: 'public', cors: false }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(embedScript),
  );
};
