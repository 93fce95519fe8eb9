import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormGroup } from '@crm/contract';
import { call } from '../../test/api.js';
import { buildTestApp, changingSchema, type TestApp } from '../../test/test-app.js';
import type { pipelineProject } from '../../test/pipeline-project.js';
import { projectWithContacts } from './duplicates.fixtures.js';
import * as contactsMigration from '../migrations/2026_11_28_0900_clients_contacts.js';

type Project = Awaited<ReturnType<typeof pipelineProject>>;

const entry = (p: Project, client: { id: number; name: string; last_name: string }, matches: string[]) => ({
  client: { id: client.id, name: client.name, last_name: client.last_name },
  manager: { id: p.manager.id, name: 'Мария Менеджерова' },
  matches,
});

describe('the duplicate rule (docs/product.md, "Duplicates")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('one number however it is written, one link whatever its case, scheme or slash; a name alone is a possible duplicate', async () => {
    const { p, fields, create, duplicatesOf } = await projectWithContacts(t);
    const ivan = await create(
      p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      { [fields.phone]: '+380 50 123-45-67', [fields.social]: 'https://www.instagram.com/Ivan.Petrov/' },
    );
    expect(ivan.duplicates).toEqual([]);

    for (const written of ['380501234567', '(050) 123 45 67', '+380 (50) 123.45.67']) {
      // In either phone field: a number is a number.
      expect(
        await duplicatesOf(p.manager.token, {
          name: 'Пётр',
          last_name: 'Сидоров',
          fields: [{ field_id: fields.phone2, value: written }],
        }),
        written,
      ).toEqual([entry(p, ivan, ['phone_number'])]);
    }
    for (const link of [
      'https://instagram.com/ivan.petrov',
      'https://www.instagram.com/IVAN.PETROV?igsh=abc',
    ]) {
      expect(
        await duplicatesOf(p.manager.token, { fields: [{ field_id: fields.social, value: link }] }),
        link,
      ).toEqual([entry(p, ivan, ['social_network'])]);
    }
    // ё and case fold; the name alone is weaker, and a contact ranks first.
    const namesake = await create(p.manager.token, { name: 'Алёна', last_name: 'Иванова' }, {});
    const both = await duplicatesOf(p.manager.token, {
      name: 'алена',
      last_name: 'ИВАНОВА',
      fields: [{ field_id: fields.phone, value: '+380501234567' }],
    });
    expect(both).toEqual([entry(p, ivan, ['phone_number']), entry(p, namesake, ['name'])]);

    // Nothing in common: no duplicates; a text field never counts; a bad number is no key.
    expect(
      await duplicatesOf(p.manager.token, {
        name: 'Иван',
        last_name: 'Сидоров',
        fields: [
          { field_id: fields.phone, value: '+380 50 765 43 21' },
          { field_id: fields.city, value: '380501234567' },
          { field_id: fields.social, value: 'не ссылка' },
        ],
      }),
    ).toEqual([]);
  });

  it('the create answer names the clients it duplicates, and the client is saved all the same', async () => {
    const { p, fields, create } = await projectWithContacts(t);
    const first = await create(
      p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      { [fields.phone]: '+380 50 123 45 67' },
    );
    const again = await create(
      p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      { [fields.phone]: '050 123 45 67' },
    );
    expect(again.duplicates).toEqual([entry(p, first, ['phone_number', 'name'])]);
    const stored = await call(t.app, 'GET', p.urls.client(again.id), { token: p.manager.token });
    expect(stored.status).toBe(200);
    // The edited client is no duplicate of itself; a changed number is looked up anew.
    const edited = await call(t.app, 'PUT', p.urls.client(first.id), {
      token: p.manager.token,
      body: {
        name: 'Иван',
        last_name: 'Петров',
        fields: [{ field_id: fields.phone, value: '+380 67 000 00 01' }],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const third = await create(
      p.manager.token,
      { name: 'Олег', last_name: 'Новый' },
      { [fields.phone]: '067 000 00 01' },
    );
    expect(third.duplicates.map((d) => d.client?.id)).toEqual([first.id]);
  });

  it("an edit is told only of what its new values bring; another manager's client to edit is not found", async () => {
    const { p, fields, create, duplicatesOf, check } = await projectWithContacts(t);
    const ivan = await create(
      p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      { [fields.phone]: '+380501234567' },
    );
    const twin = await create(p.manager.token, { name: 'Иван', last_name: 'Петров' }, {});
    expect(twin.duplicates).toEqual([entry(p, ivan, ['name'])]);
    // Editing the twin: the shared name is known; a shared number is new.
    const same = { client_id: twin.id, name: 'Иван', last_name: 'Петров' };
    expect(await duplicatesOf(p.manager.token, same)).toEqual([]);
    expect(
      await duplicatesOf(p.manager.token, {
        ...same,
        fields: [{ field_id: fields.phone, value: '050 123 45 67' }],
      }),
    ).toEqual([entry(p, ivan, ['phone_number', 'name'])]);
    const theirs = await create(p.second.token, { name: 'Олег', last_name: 'Чужой' }, {});
    expect((await check(p.manager.token, { ...same, client_id: theirs.id })).status).toBe(404);
  });

  it('a deleted client or field takes its keys along', async () => {
    const { p, fields, create, duplicatesOf } = await projectWithContacts(t);
    const gone = await create(
      p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      { [fields.phone]: '+380501234567' },
    );
    expect((await call(t.app, 'DELETE', p.urls.client(gone.id), { token: p.manager.token })).status).toBe(
      200,
    );
    const probe = { fields: [{ field_id: fields.phone, value: '+380501234567' }] };
    expect(await duplicatesOf(p.admin.token, probe)).toEqual([]);

    await create(
      p.manager.token,
      { name: 'Анна', last_name: 'Новая' },
      { [fields.social]: 'https://www.facebook.com/anna' },
    );
    const form = (await call(t.app, 'GET', p.urls.form, { token: p.admin.token })).body
      .response as FormGroup[];
    const withoutLink = form.map((g) => ({ ...g, fields: g.fields.filter((f) => f.id !== fields.social) }));
    expect(
      (await call(t.app, 'PUT', p.urls.form, { token: p.admin.token, body: { groups: withoutLink } })).status,
    ).toBe(200);
    const left = await t.db
      .selectFrom('client_contacts')
      .select('key')
      .where('project_id', '=', p.owner.projectId)
      .execute();
    expect(left).toEqual([]);
  });

  it("a manager learns of another manager's client only that it exists and whose it is; an admin sees it", async () => {
    const { p, fields, create, duplicatesOf } = await projectWithContacts(t);
    const theirs = await create(
      p.second.token,
      { name: 'Иван', last_name: 'Петров' },
      { [fields.phone]: '+380501234567' },
    );
    const probe = {
      name: 'Иван',
      last_name: 'Петров',
      fields: [{ field_id: fields.phone, value: '0501234567' }],
    };
    expect(await duplicatesOf(p.manager.token, probe)).toEqual([
      { client: null, manager: { id: p.second.id, name: 'Пётр Второй' }, matches: ['phone_number', 'name'] },
    ]);
    const mine = await create(p.manager.token, probe, { [fields.phone]: '0501234567' });
    expect(mine.duplicates).toEqual([
      { client: null, manager: { id: p.second.id, name: 'Пётр Второй' }, matches: ['phone_number', 'name'] },
    ]);
    expect(await duplicatesOf(p.admin.token, probe)).toEqual([
      {
        client: { id: theirs.id, name: 'Иван', last_name: 'Петров' },
        manager: { id: p.second.id, name: 'Пётр Второй' },
        matches: ['phone_number', 'name'],
      },
      entry(p, mine, ['phone_number', 'name']),
    ]);
  });

  it('the migration fills the keys of the values there are, as the app writes them', async () => {
    const { p, fields, create } = await projectWithContacts(t);
    await create(
      p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      {
        [fields.phone]: '+380 50 123 45 67',
        [fields.phone2]: '050 765 43 21',
        [fields.social]: 'https://www.facebook.com/profile.php?id=42&ref=x',
      },
    );
    await create(
      p.admin.token,
      { name: 'Анна', last_name: 'Новая' },
      { [fields.social]: 'https://www.instagram.com/Anna/' },
    );
    const keys = () =>
      t.db
        .selectFrom('client_contacts')
        .select(['client_id', 'field_id', 'key'])
        .where('project_id', '=', p.owner.projectId)
        .orderBy('client_id')
        .orderBy('field_id')
        .execute();
    const written = await keys();
    expect(written.map((k) => k.key)).toEqual([
      'tel:380501234567',
      'tel:380507654321',
      'web:facebook.com/profile.php?id=42',
      'web:instagram.com/anna',
    ]);
    await changingSchema(t, async () => {
      await t.db.schema.dropTable('client_contacts').execute();
      await t.db.schema.dropIndex('clients_project_full_name_idx').execute();
      await contactsMigration.up(t.db);
    });
    expect(await keys()).toEqual(written);
  });

  it('refuses the anonymous and members of other projects; finds nothing across projects', async () => {
    const { p, fields, create, check } = await projectWithContacts(t);
    await create(p.manager.token, { name: 'Иван', last_name: 'Петров' }, { [fields.phone]: '+380501234567' });
    const probe = {
      name: 'Иван',
      last_name: 'Петров',
      fields: [{ field_id: fields.phone, value: '+380501234567' }],
    };
    expect((await check(null, probe)).status).toBe(401);
    const other = await projectWithContacts(t, 'Другой');
    expect((await check(other.p.admin.token, probe)).status).toBe(404);
    // The other project's own check: its form knows no such field, its clients no such person.
    const there = await other.duplicatesOf(other.p.admin.token, {
      name: 'Иван',
      last_name: 'Петров',
      fields: [{ field_id: other.fields.phone, value: '+380501234567' }],
    });
    expect(there).toEqual([]);
    const bad = await check(p.manager.token, { name: 'x'.repeat(101) });
    expect(bad.status).toBe(422);
  });
});
