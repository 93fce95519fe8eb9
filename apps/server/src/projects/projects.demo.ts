import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { insertMember, insertProject } from './projects.repository.js';

export const DEMO_PROJECT = 'Демо-проект';

/** The demo project, with the owner as its super admin, the admin and the manager. */
export async function seedProjectsDemo({ db, clock }: AppDeps, demo: DemoContext): Promise<void> {
  const now = clock.now().toISOString();
  // The demo's clients have Russian numbers (clients/form/form.demo.ts): '8 999 …' reads as one.
  const project = await insertProject(db, {
    name: DEMO_PROJECT,
    timezone: 'Europe/Moscow',
    phoneCountry: 'RU',
    now,
  });
  demo.projectId = project.id;
  const { owner, admin, manager } = demo.users;
  await insertMember(db, { projectId: project.id, userId: owner.id, role: 'super_admin', now });
  await insertMember(db, { projectId: project.id, userId: admin.id, role: 'admin', now });
  await insertMember(db, { projectId: project.id, userId: manager.id, role: 'manager', now });
}
