import { expect } from 'vitest';
import { statusesEndpoints } from '@crm/contract';
import { call, registerOwner, urlOf } from '../test/api.js';
import { joinAs } from '../test/members.js';
import type { TestApp } from '../test/test-app.js';

export type StatusView = { id: number; name: string; is_default: boolean; deposit_goal: number };

export const statusesUrl = (projectId: number, rest = '') =>
  `${urlOf(statusesEndpoints.list, { projectId })}${rest}`;

/** A project with an owner and an admin, and helpers to create and list its statuses as the admin. */
export async function statusesProject(t: TestApp) {
  const owner = await registerOwner(t.app, 'Статусы');
  const admin = await joinAs(t, owner.projectId, 'admin', 'Админ');
  const create = async (name: string, isDefault?: boolean) => {
    const res = await call(t.app, 'POST', statusesUrl(owner.projectId), {
      token: admin.token,
      body: isDefault === undefined ? { name } : { name, is_default: isDefault },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as StatusView;
  };
  const list = async () =>
    (await call(t.app, 'GET', statusesUrl(owner.projectId), { token: admin.token })).body
      .response as StatusView[];
  return { owner, admin, create, list };
}
