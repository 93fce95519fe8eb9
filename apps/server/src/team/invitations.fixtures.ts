import { expect } from 'vitest';
import { accountsEndpoints, teamEndpoints } from '@crm/contract';
import { call, urlOf } from '../test/api.js';
import type { TestApp } from '../test/test-app.js';
import type { Mailbox } from '../test/test-mailbox.js';

export type { Mailbox };

export const LINK_PREFIX = 'http://localhost:5173/registration?invitation=';

/** Test helpers for invitations, bound to the suite's app and mailbox (set up in beforeAll). */
export function invitationHelpers(get: () => { t: TestApp; mailbox: Mailbox }) {
  let counter = 0;
  const freshEmail = () => `invitee${++counter}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const invitations = (projectId: number) => urlOf(teamEndpoints.invitations, { projectId });

  /** Invites the address and answers the token read from the email that arrived. */
  async function invite(owner: { token: string; projectId: number }, email: string, role = 'manager') {
    const { t, mailbox } = get();
    const res = await call(t.app, 'POST', invitations(owner.projectId), {
      token: owner.token,
      body: { email, role },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await mailbox.lastTo(email.toLowerCase());
    const link = mailbox.linkIn(mail, LINK_PREFIX);
    return {
      id: res.body.response.id as number,
      token: decodeURIComponent(link.slice(LINK_PREFIX.length)),
      mail,
    };
  }

  /** A new person registers (without the invitation: wiring it into register is accounts' part). */
  async function register(email: string, name = 'Новый Менеджер') {
    const res = await call(get().t.app, 'POST', urlOf(accountsEndpoints.register), {
      body: { name, email, password: 'password123', password_confirmation: 'password123' },
    });
    expect(res.status).toBe(201);
    return res.body.response.token as string;
  }

  return { freshEmail, invitations, invite, register };
}
