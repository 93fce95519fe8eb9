import { DEFAULT_TIMEZONE, type ProjectCreateBody, type ProjectUpdateBody } from '@crm/contract';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { recordHistory } from '../db/history.js';
import { notFound } from '../http/app-error.js';
import type { Actor } from '../http/actor.js';
import { findProject, insertMember, insertProject, updateProject } from './projects.repository.js';

export const toProjectView = (p: ProjectRow) => ({
  id: p.id,
  name: p.name,
  timezone: p.timezone,
  created_at: p.created_at,
});

/** The creator becomes the project's super_admin (PRODUCT.md §3). */
export function createProject(db: Db, userId: number, input: ProjectCreateBody) {
  return db.transaction().execute(async (trx) => {
    const project = await insertProject(trx, {
      name: input.name,
      timezone: input.timezone ?? DEFAULT_TIMEZONE,
      now: new Date().toISOString(),
    });
    await insertMember(trx, project.id, userId, 'super_admin');
    return project;
  });
}

/** Saves the project settings and writes what changed into the history. */
export function updateProjectSettings(db: Db, actor: Actor, input: Required<ProjectUpdateBody>) {
  return db.transaction().execute(async (trx) => {
    const before = await findProject(trx, actor.projectId);
    if (!before) throw notFound();
    const after = await updateProject(trx, actor.projectId, input);
    const changes = [
      before.name !== after.name ? `название «${before.name}» → «${after.name}»` : null,
      before.timezone !== after.timezone ? `часовой пояс ${before.timezone} → ${after.timezone}` : null,
    ].filter(Boolean);
    if (changes.length > 0) {
      await recordHistory(trx, {
        projectId: actor.projectId,
        actorId: actor.actorId,
        impersonatorId: actor.impersonatorId,
        kind: 'project.updated',
        subjectType: 'project',
        subjectId: actor.projectId,
        message: `${actor.actorName} изменил(а) настройки проекта: ${changes.join(', ')}`,
        before: { name: before.name, timezone: before.timezone },
        after: { name: after.name, timezone: after.timezone },
      });
    }
    return after;
  });
}
