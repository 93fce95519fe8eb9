import { accessChangedOnCommit } from '../identity/access-cache.js';
import {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_TIMEZONE,
  type ProjectCreateBody,
  type ProjectUpdateBody,
} from '@crm/contract';
import type { ProjectRow } from '../db/schema.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { notFound } from '../http/app-error.js';
import { findProject, insertMember, insertProject, updateProject } from './projects.repository.js';

export const toProjectView = (p: ProjectRow) => ({
  id: p.id,
  name: p.name,
  timezone: p.timezone,
  phone_country: p.phone_country,
  created_at: p.created_at,
});

/** The creator becomes the project's super_admin (docs/product.md §3). */
export function createProject(deps: AppDeps, userId: number, input: ProjectCreateBody) {
  return transaction(deps, async (tx) => {
    const now = tx.now.toISOString();
    const project = await insertProject(tx.db, {
      name: input.name,
      timezone: input.timezone ?? DEFAULT_TIMEZONE,
      phoneCountry: DEFAULT_PHONE_COUNTRY,
      now,
    });
    await insertMember(tx.db, { projectId: project.id, userId, role: 'super_admin', now });
    await tx.signal('project.created', { projectId: project.id });
    accessChangedOnCommit(tx, { userId });
    return project;
  });
}

/** Saves the settings sent (any subset) and writes what changed into the history. */
export function updateProjectSettings(deps: AppDeps, actor: Actor, input: ProjectUpdateBody) {
  return transaction(deps, async (tx) => {
    const before = await findProject(tx.db, actor.projectId);
    if (!before) throw notFound();
    const after = await updateProject(tx.db, actor.projectId, {
      name: input.name ?? before.name,
      timezone: input.timezone ?? before.timezone,
      phone_country: input.phone_country ?? before.phone_country,
      updated_at: tx.now.toISOString(),
    });
    accessChangedOnCommit(tx, { projectId: actor.projectId });
    const changes = [
      before.name !== after.name ? `название «${before.name}» → «${after.name}»` : null,
      before.timezone !== after.timezone ? `часовой пояс ${before.timezone} → ${after.timezone}` : null,
      before.phone_country !== after.phone_country
        ? `страна телефонов ${before.phone_country} → ${after.phone_country}`
        : null,
    ].filter(Boolean);
    if (changes.length > 0) {
      await tx.record({
        projectId: actor.projectId,
        actorId: actor.actorId,
        impersonatorId: actor.impersonatorId,
        kind: 'project.updated',
        subjectType: 'project',
        subjectId: actor.projectId,
        message: `${actor.actorName} изменил(а) настройки проекта: ${changes.join(', ')}`,
        before: { name: before.name, timezone: before.timezone, phone_country: before.phone_country },
        after: { name: after.name, timezone: after.timezone, phone_country: after.phone_country },
      });
    }
    return after;
  });
}
