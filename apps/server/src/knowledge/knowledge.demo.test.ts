import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  knowledgeCategoriesEndpoints,
  knowledgePostsEndpoints,
  parseRichText,
  type KnowledgeCategory,
  type KnowledgePost,
} from '@crm/contract';
import { call, callEndpoint, urlOf } from '../test/api.js';
import { seedDemoProject } from '../test/demo-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the demo library', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('seeds topics of formatted sales articles that the manager reads and finds', async () => {
    t.clock.set('2026-08-01T09:00:00Z');
    const demo = await seedDemoProject(t);
    const token = await demo.signIn('manager@example.com');
    const params = { projectId: demo.projectId };

    const topics = (await callEndpoint(t.app, knowledgeCategoriesEndpoints.list, { params, token })).body
      .response as KnowledgeCategory[];
    expect(topics.length).toBeGreaterThanOrEqual(4);
    expect(topics.every((c) => c.posts_count >= 3 && c.posts_count <= 6)).toBe(true);

    const posts: KnowledgePost[] = [];
    for (const topic of topics) {
      const res = await call(
        t.app,
        'GET',
        `${urlOf(knowledgePostsEndpoints.list, params)}?category=${topic.id}`,
        { token },
      );
      posts.push(...(res.body.response.data as KnowledgePost[]));
    }
    const trees = posts.map((post) => parseRichText(post.content));
    expect(trees.every((tree) => tree !== null)).toBe(true);
    const leaves = JSON.stringify(trees);
    for (const mark of ['"bold":true', '"color":"#', '"bulleted-list"', '"numbered-list"'])
      expect(leaves).toContain(mark);

    const found = await call(
      t.app,
      'GET',
      `${urlOf(knowledgePostsEndpoints.search, params)}?search=${encodeURIComponent('дорого')}`,
      {
        token,
      },
    );
    expect(found.body.response.data.map((x: { title: string }) => x.title)).toContain('«Дорого»');
  });
});
