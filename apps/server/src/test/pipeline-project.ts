/** A project to test the pipeline in: its people, its categories and clients, made through the API. */
import { expect } from 'vitest';
import {
  clientCategoriesEndpoints,
  clientFormEndpoints,
  clientNotesEndpoints,
  clientsEndpoints,
  cluesEndpoints,
  type ClientCategory,
  type ClientCategoryCreateBody,
  type Client,
  type ClientCreateBody,
  type CreatedClient,
  type ClueType,
} from '@crm/contract';
import { call, registerOwner, urlOf } from './api.js';
import { joinAs } from './members.js';
import type { TestApp } from './test-app.js';

/** URLs of the feature's endpoints in one project. */
export const urls = (projectId: number) => ({
  categories: urlOf(clientCategoriesEndpoints.list, { projectId }),
  category: (id: number) => urlOf(clientCategoriesEndpoints.update, { projectId, id }),
  changeOrder: urlOf(clientCategoriesEndpoints.changeOrder, { projectId }),
  // Any string, to try types that are not one.
  clues: (type: string) => urlOf(cluesEndpoints.create, { projectId, type: type as ClueType }),
  clue: (id: number) => urlOf(cluesEndpoints.update, { projectId, id }),
  clients: urlOf(clientsEndpoints.list, { projectId }),
  client: (id: number) => urlOf(clientsEndpoints.get, { projectId, id }),
  moveClient: (id: number) => urlOf(clientsEndpoints.updateCategory, { projectId, id }),
  form: urlOf(clientFormEndpoints.get, { projectId }),
  searchableFields: urlOf(clientFormEndpoints.searchableFields, { projectId }),
  formGroupsOrder: urlOf(clientFormEndpoints.groupsOrder, { projectId }),
  formGroups: urlOf(clientFormEndpoints.createGroup, { projectId }),
  formGroup: (id: number) => urlOf(clientFormEndpoints.updateGroup, { projectId, id }),
  notes: (clientId: number) => urlOf(clientNotesEndpoints.list, { projectId, clientId }),
});

/** A small rich text, as the editor sends it. */
export const hint = (text: string) => JSON.stringify([{ type: 'paragraph', children: [{ text }] }]);

/**
 * A project with its super admin, an admin and two managers, and helpers that act as them and
 * expect success.
 */
export async function pipelineProject(t: TestApp, name = 'Воронка') {
  const owner = await registerOwner(t.app, name);
  const admin = await joinAs(t, owner.projectId, 'admin', 'Анна Админова');
  const manager = await joinAs(t, owner.projectId, 'manager', 'Мария Менеджерова');
  const second = await joinAs(t, owner.projectId, 'manager', 'Пётр Второй');
  const u = urls(owner.projectId);

  const addCategory = async (body: ClientCategoryCreateBody) => {
    const res = await call(t.app, 'POST', u.categories, { token: admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as ClientCategory;
  };
  const categories = async () =>
    (await call(t.app, 'GET', u.categories, { token: manager.token })).body.response as ClientCategory[];
  const addClient = async (token: string, body: ClientCreateBody) => {
    const res = await call(t.app, 'POST', u.clients, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The client as every other answer gives it (duplicates/duplicates.test.ts reads the rest).
    const { duplicates: _duplicates, ...client } = res.body.response as CreatedClient;
    return client as Client;
  };
  const history = (kind: string) =>
    t.db
      .selectFrom('history_events')
      .select(['actor_id', 'impersonator_id', 'subject_id', 'message', 'before', 'after'])
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  return { owner, admin, manager, second, urls: u, addCategory, categories, addClient, history };
}
