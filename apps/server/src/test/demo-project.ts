import { expect } from 'vitest';
import { seedDemo } from '../demo/seed-demo.js';
import { features } from '../features.js';
import type { TestApp } from './test-app.js';

/** Seeds the demo on the test app's empty database; `signIn` answers a demo person's token. */
export async function seedDemoProject(t: TestApp) {
  expect(await seedDemo(t.deps, features)).not.toBeNull();
  const project = await t.db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
  const signIn = async (email: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password: 'demo12345' } })
    ).json().response.token as string;
  return { projectId: project.id, signIn };
}
