import { accountsEndpoints, projectsEndpoints, statusesEndpoints, teamEndpoints } from '@crm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, registerOwner } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** A value longer than its field is refused with what is wrong, never as "required", never cut. */
describe('too-long values', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await registerOwner(t.app);
  });
  afterAll(() => t.close());

  const long = (n: number) => 'Я'.repeat(n);
  const longEmail = `${'a'.repeat(250)}@example.com`;

  it('registration name and email', async () => {
    const name = await callEndpoint(t.app, accountsEndpoints.register, {
      body: { name: long(101), email: 'long@example.com', password: 'password123', password_confirmation: 'password123' },
    });
    expect(name.status).toBe(422);
    expect(name.body.errors.name).toEqual(['Не более 100 символов']);
    expect(name.body.message).toBe('Не более 100 символов');
    const email = await callEndpoint(t.app, accountsEndpoints.register, {
      body: { name: 'Анна', email: longEmail, password: 'password123', password_confirmation: 'password123' },
    });
    expect(email.status).toBe(422);
    expect(email.body.errors.email).toEqual(['Не более 254 символов']);
  });

  it('sign-in email, and a missing one is still "required"', async () => {
    const tooLong = await callEndpoint(t.app, accountsEndpoints.login, { body: { email: longEmail, password: 'x' } });
    expect(tooLong.body.errors.email).toEqual(['Не более 254 символов']);
    const missing = await callEndpoint(t.app, accountsEndpoints.login, { body: { password: 'x' } as never });
    expect(missing.body.errors.email).toEqual(['Обязательное поле']);
  });

  it('invitation email and project name', async () => {
    const invitation = await callEndpoint(t.app, teamEndpoints.invite, {
      token: owner.token,
      params: { projectId: owner.projectId },
      body: { email: longEmail, role: 'manager' },
    });
    expect(invitation.status).toBe(422);
    expect(invitation.body.errors.email).toEqual(['Не более 254 символов']);
    const project = await callEndpoint(t.app, projectsEndpoints.create, { token: owner.token, body: { name: long(101) } });
    expect(project.status).toBe(422);
    expect(project.body.errors.name).toEqual(['Не более 100 символов']);
  });

  it('a status name over 100 characters is refused, and one of exactly 100 is kept whole', async () => {
    const params = { projectId: owner.projectId };
    const refused = await callEndpoint(t.app, statusesEndpoints.create, { token: owner.token, params, body: { name: long(101) } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.name).toEqual(['Не более 100 символов']);
    const list = await callEndpoint(t.app, statusesEndpoints.list, { token: owner.token, params });
    expect(list.body.response).toEqual([]);

    const name = `${long(99)}Ж`;
    const kept = await callEndpoint(t.app, statusesEndpoints.create, { token: owner.token, params, body: { name } });
    expect(kept.status).toBe(201);
    expect(kept.body.response.name).toBe(name);
    const rename = await callEndpoint(t.app, statusesEndpoints.update, {
      token: owner.token,
      params: { ...params, id: kept.body.response.id },
      body: { name: `${name}!` },
    });
    expect(rename.status).toBe(422);
    expect(rename.body.errors.name).toEqual(['Не более 100 символов']);
  });
});
