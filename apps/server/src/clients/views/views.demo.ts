import type { Db } from '../../db/database.js';
import { insertView } from './views.repository.js';

/**
 * Saved views of the demo's list: one the admin shares with the team (the presentations, the
 * largest first, with the source field) and the manager's own (her clients from paid traffic).
 */
export async function seedViewsDemo(
  db: Db,
  demo: { projectId: number; adminId: number; managerId: number },
  stage: { presentation: number | undefined },
  now: string,
) {
  const base = ['name', 'last_name', 'category', 'manager', 'amount', 'created_at'];
  await insertView(db, {
    projectId: demo.projectId,
    ownerId: demo.adminId,
    name: 'Презентации: крупные сначала',
    shared: 1,
    filters: JSON.stringify(stage.presentation ? { category_id: stage.presentation } : {}),
    columns: JSON.stringify(base),
    sort: 'amount',
    direction: 'desc',
    now,
  });
  await insertView(db, {
    projectId: demo.projectId,
    ownerId: demo.managerId,
    name: 'Мои из трафика',
    shared: 0,
    filters: JSON.stringify({ traffic: '1' }),
    columns: JSON.stringify(['name', 'last_name', 'category', 'amount', 'traffic', 'updated_at']),
    sort: 'updated_at',
    direction: 'desc',
    now,
  });
}
