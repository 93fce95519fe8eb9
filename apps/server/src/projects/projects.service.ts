import { DEFAULT_TIMEZONE, type ProjectCreateBody } from '@crm/contract';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import { insertMember, insertProject } from './projects.repository.js';

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
