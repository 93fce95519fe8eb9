import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsEndpoints,
  aiEndpoints,
  clientBulkEndpoints,
  clientImportsEndpoints,
  clientsEndpoints,
  clientViewsEndpoints,
  conversationsEndpoints,
  notificationsEndpoints,
  projectsEndpoints,
  leadFormsEndpoints,
  telegramEndpoints,
  telegramLinksEndpoints,
  clientMessagesEndpoints,
  webhooksEndpoints,
} from '@crm/contract';
import { call } from '../test/api.js';
import { userIdOf } from '../test/members.js';
import type { Mailbox } from '../test/test-mailbox.js';
import { startTestTelegram, type TestTelegram } from '../test/test-telegram-server.js';
import { buildTestAppWithMailbox, type TestApp } from '../test/test-app.js';
import { changeContext, changeRecipes, keyOf, type ChangeContext } from './change-recipes.fixtures.js';

/**
 * Mutating routes that are not changes of a project, each with why. Anything else that is not a
 * GET needs a recipe in change-recipes.ts; an exemption no longer matching a route fails.
 */
const exemptions: Record<string, string> = {
  // A person's own account, outside any project.
  [keyOf(accountsEndpoints.login)]: 'signs in: the person’s own session',
  [keyOf(accountsEndpoints.logout)]: 'signs out: the person’s own session',
  [keyOf(accountsEndpoints.resendVerification)]: 'sends the person his own verification email',
  [keyOf(accountsEndpoints.verifyEmail)]: 'verifies the person’s own address',
  [keyOf(accountsEndpoints.forgotPassword)]: 'emails the person a recovery link',
  [keyOf(accountsEndpoints.resetPassword)]: 'sets the person’s own password',
  [keyOf(accountsEndpoints.socialLogin)]: 'signs in (or up) with Google: the person’s own account',
  [keyOf(notificationsEndpoints.markAllRead)]: 'read marks are personal (docs/decisions.md, notifications)',
  [keyOf(notificationsEndpoints.markRead)]: 'read marks are personal (docs/decisions.md, notifications)',
  // Creates the project itself: there is no project history before it (its creator is its super admin).
  [keyOf(projectsEndpoints.create)]: 'creates a project',
  // Personal state inside a project.
  [keyOf(aiEndpoints.createChat)]: 'AI chats are personal, not history (docs/decisions.md)',
  [keyOf(aiEndpoints.sendMessage)]: 'AI chats are personal, not history (docs/decisions.md)',
  [keyOf(conversationsEndpoints.markRead)]: 'read marks are personal',
  // A POST only to carry the modal's values: it reads, it changes nothing.
  [keyOf(clientsEndpoints.duplicates)]: 'the duplicate check reads only',
  // An import's draft (its file, mapping, dry run) changes no client; its run and undo write in
  // the background and each leaves one entry when it ends (clients/import/import.test.ts).
  [keyOf(clientImportsEndpoints.upload)]: 'a draft import: no client changes',
  [keyOf(clientImportsEndpoints.update)]: 'a draft import: no client changes',
  [keyOf(clientImportsEndpoints.check)]: 'a dry run: no client changes',
  [keyOf(clientImportsEndpoints.remove)]: 'forgets a draft that wrote nothing',
  [keyOf(clientImportsEndpoints.cancel)]: 'the run records its end, cancelled included',
  [keyOf(clientImportsEndpoints.run)]: 'the run records its end in the background',
  [keyOf(clientImportsEndpoints.undo)]: 'the undo records its end in the background',
  // Saved views are a person's (or, shared, the team's) display settings, no client changes
  // (docs/decisions.md, issue 30); a bulk action writes each client's own entry, as the single
  // action does, in its batches (clients/bulk/bulk.test.ts).
  [keyOf(clientViewsEndpoints.create)]: 'a saved view: display settings, no client changes',
  [keyOf(clientViewsEndpoints.update)]: 'a saved view: display settings, no client changes',
  [keyOf(clientViewsEndpoints.remove)]: 'a saved view: display settings, no client changes',
  [keyOf(clientBulkEndpoints.start)]: 'each client gets the single action’s entry (bulk.test.ts)',
  [keyOf(webhooksEndpoints.retry)]: 'sends a delivery again: no project change',
  [keyOf(telegramEndpoints.webhook)]: 'keeps an update to handle: no project change of its own',
  [keyOf(telegramLinksEndpoints.createCode)]: 'a one-time link: nothing changes until the member opens it, and the linking is recorded then',
  [keyOf(clientMessagesEndpoints.markRead)]: 'the person’s own read mark',
  [keyOf(clientMessagesEndpoints.retry)]: 'sends a failed answer again: its entry was made when it was written',
  [keyOf(leadFormsEndpoints.submit)]: 'the client it makes is recorded as any creation, by the form (lead-forms.test.ts)',
};

/**
 * docs/product.md §9: every change in a project is recorded in the same transaction as the
 * change. Walks the route table: a new mutating route without a recipe or an exemption fails by
 * its name; each recipe's call must leave an entry by its caller.
 */
describe('every change in a project leaves a history entry', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let close: () => Promise<void>;
  let c: ChangeContext;
  let telegram: TestTelegram;
  beforeAll(async () => {
    telegram = await startTestTelegram();
    ({ t, mailbox, close } = await buildTestAppWithMailbox({
      webhooks: { allowPrivate: true, timeoutMs: 1000 },
      secretsKey: 'change-walk-secrets-key',
      telegram: { apiUrl: telegram.url },
    }));
    c = await changeContext(t, mailbox, telegram);
  });
  afterAll(async () => {
    await close();
    await telegram.close();
  });

  it('has a recipe or an exemption for every mutating route, and none that matches no route', () => {
    // A preflight (OPTIONS) only answers which requests a site may make.
    const mutating = t.app.routeTable
      .filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    expect(mutating.length).toBeGreaterThan(40);
    const uncovered = mutating.filter((route) => !(route in changeRecipes) && !(route in exemptions));
    expect(uncovered, 'mutating routes with neither a recipe nor an exemption').toEqual([]);
    const both = Object.keys(exemptions).filter((route) => route in changeRecipes);
    expect(both, 'routes both exempted and given a recipe').toEqual([]);
    const routes = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    const stale = [...Object.keys(changeRecipes), ...Object.keys(exemptions)].filter((r) => !routes.has(r));
    expect(stale, 'recipes or exemptions that match no route').toEqual([]);
  });

  // One test per recipe, run in order on the one app: a failure names its route.
  for (const [route, recipe] of Object.entries(changeRecipes)) {
    it(route, async () => {
      const method = route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const change = await recipe(c);
      const caller = change.token === null ? null : await userIdOf(t.app, change.token);
      const last = await t.db
        .selectFrom('history_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const before = await countEntries(c.projectId);

      const answer = await call(t.app, method, change.url, { token: change.token, body: change.body, ...(change.headers ? { headers: change.headers } : {}) });
      expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);

      const entries = await t.db
        .selectFrom('history_events')
        .select(['actor_id', 'kind', 'message'])
        .where('project_id', '=', c.projectId)
        .where('id', '>', Number(last?.id ?? 0))
        .orderBy('id')
        .execute();
      expect(await countEntries(c.projectId), `${route} left no history entry`).toBeGreaterThan(before);
      const actor = change.actorOf ? await change.actorOf(answer) : caller;
      const byCaller = entries.filter((e) => e.actor_id === actor);
      expect(
        byCaller,
        `${route}: no entry by its caller (${String(actor)}) among ${JSON.stringify(entries)}`,
      ).not.toEqual([]);
      for (const entry of byCaller) {
        expect(entry.message.trim(), `${route}: ${entry.kind}`).toMatch(/[А-Яа-яЁё]/);
      }
    });
  }

  const countEntries = async (projectId: number) =>
    Number(
      (
        await t.db
          .selectFrom('history_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
});
