import { randomBytes } from 'node:crypto';
import { formFieldsById, listCategories } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { formActorName } from './lead-forms/lead-forms.service.js';
import { insertLeadForm } from './lead-forms/lead-forms.repository.js';
import { insertTechnicalUser } from '../identity/technical-users.js';
import { newWebhookSecret } from './webhooks/signature.js';
import { insertWebhook } from './webhooks/webhooks.repository.js';

/**
 * The integrations tab is not empty: a lead form for the demo's own address (its code can be
 * tried on a page of this machine) and a webhook switched off, to an address that receives
 * nothing. No API key: a key is shown once, at creation.
 */
export async function seedIntegrationsDemo({ db, clock, config }: AppDeps, demo: DemoContext): Promise<void> {
  const now = clock.now().toISOString();
  const [first] = await listCategories(db, demo.projectId);
  if (!first) return;
  const name = 'Заявка с сайта';
  const user = await insertTechnicalUser(db, formActorName(name), now);
  await insertLeadForm(db, {
    project_id: demo.projectId,
    user_id: user.id,
    name,
    public_key: randomBytes(18).toString('base64url'),
    token_secret: randomBytes(32).toString('base64url'),
    // The client form's required fields (a form must ask them), and its city if it has one.
    field_ids: JSON.stringify(
      [...(await formFieldsById(db, demo.projectId)).values()].filter((f) => f.required || f.name === 'Город').map((f) => f.id),
    ),
    category_id: first.id,
    manager_rule: 'rotation',
    manager_id: null,
    rotation_last: null,
    thank_you: 'Спасибо! Менеджер перезвонит в течение часа.',
    origins: JSON.stringify([new URL(config.appUrl).origin]),
    enabled: 1,
    created_by: demo.users.admin.id,
    created_at: now,
    updated_at: now,
  });
  await insertWebhook(db, {
    project_id: demo.projectId,
    url: 'https://hooks.example.com/crm',
    events: JSON.stringify(['client.created', 'client.stage_changed']),
    secret: newWebhookSecret(),
    enabled: 0,
    disabled_reason: null,
    failing_since: null,
    created_by: demo.users.admin.id,
    created_at: now,
    updated_at: now,
  });
}
