import { expect } from 'vitest';
import {
  knowledgeCategoriesEndpoints,
  knowledgePostsEndpoints,
  type KnowledgeCategory,
  type KnowledgePost,
  type RichText,
} from '@crm/contract';
import { call, registerOwner, urlOf } from '../test/api.js';
import { joinAs } from '../test/members.js';
import type { TestApp } from '../test/test-app.js';

/** URLs of the library's endpoints in one project. */
export const urls = (projectId: number) => ({
  categories: urlOf(knowledgeCategoriesEndpoints.list, { projectId }),
  category: (id: number) => urlOf(knowledgeCategoriesEndpoints.update, { projectId, id }),
  categoryPosts: (categoryId: number) => urlOf(knowledgePostsEndpoints.create, { projectId, categoryId }),
  posts: urlOf(knowledgePostsEndpoints.list, { projectId }),
  post: (id: number) => urlOf(knowledgePostsEndpoints.get, { projectId, id }),
  search: (search: string, page = 1) =>
    `${urlOf(knowledgePostsEndpoints.search, { projectId })}?search=${encodeURIComponent(search)}&page=${page}`,
});

/** A rich text of paragraphs, as the editor sends it. */
export const richText = (...paragraphs: string[]) =>
  JSON.stringify(paragraphs.map((text) => ({ type: 'paragraph', children: [{ text }] })) satisfies RichText);

/** A project with its super admin, an admin and a manager, and helpers that act as the admin and expect success. */
export async function libraryProject(t: TestApp, name = 'Библиотека') {
  const owner = await registerOwner(t.app, name);
  const admin = await joinAs(t, owner.projectId, 'admin', 'Анна Админова');
  const manager = await joinAs(t, owner.projectId, 'manager', 'Мария Менеджерова');
  const u = urls(owner.projectId);

  const addTopic = async (topicName: string) => {
    const res = await call(t.app, 'POST', u.categories, { token: admin.token, body: { name: topicName } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as KnowledgeCategory;
  };
  const addPost = async (categoryId: number, title: string, content = '') => {
    const res = await call(t.app, 'POST', u.categoryPosts(categoryId), { token: admin.token, body: { title, content } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as KnowledgePost;
  };
  const topics = async (token = manager.token) => {
    const res = await call(t.app, 'GET', u.categories, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as KnowledgeCategory[];
  };
  const history = (kind: string) =>
    t.db
      .selectFrom('history_events')
      .select(['actor_id', 'impersonator_id', 'subject_id', 'message', 'before', 'after'])
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  return { owner, admin, manager, urls: u, addTopic, addPost, topics, history };
}
