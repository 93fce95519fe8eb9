import { accountsEndpoints, type Role } from '@crm/contract';
import type { App } from '../app.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { addMember } from '../team/index.js';
import { callEndpoint, registerUser } from './api.js';

/** The id of the token's user. */
export async function userIdOf(app: App, token: string): Promise<number> {
  const me = await callEndpoint(app, accountsEndpoints.user, { token });
  if (me.status !== 200) throw new Error(`user failed: ${JSON.stringify(me.body)}`);
  return me.body.response.id as number;
}

/** A fresh user who is already a member of the project with this role (a manager gets the default status). */
export async function joinAs(t: { app: App; db: Db; clock: Clock }, projectId: number, role: Role, name = 'Участник') {
  const user = await registerUser(t.app, name);
  const id = await userIdOf(t.app, user.token);
  await addMember(t.db, t.clock.now(), projectId, id, role);
  // Written behind the API's back: announced as the API's own writes are (the access cache).
  await t.app.deps.access.changed({ userId: id });
  return { ...user, id };
}
