import { expect } from 'vitest';
import { clientsEndpoints, type ClientDuplicate, type CreatedClient, type FormGroup } from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import type { TestApp } from '../../test/test-app.js';

/** A project whose form has a phone, a link and a city, with a category to put clients in. */
export async function projectWithContacts(t: TestApp, name?: string) {
  const p = await pipelineProject(t, name);
  const category = await p.addCategory({ name: 'Новые' });
  const saved = await call(t.app, 'PUT', p.urls.form, {
    token: p.admin.token,
    body: {
      groups: [
        {
          title: 'Контакты',
          fields: [
            { type: 'phone_number', name: 'Телефон' },
            { type: 'phone_number', name: 'Второй телефон' },
            { type: 'social_network', name: 'Соцсеть' },
            { type: 'text', name: 'Город' },
          ],
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const [phone, phone2, social, city] = (saved.body.response as FormGroup[])[0]!.fields.map((f) => f.id) as [
    number,
    number,
    number,
    number,
  ];
  const create = async (
    token: string,
    client: { name: string; last_name: string },
    values: Record<number, string>,
  ) => {
    const res = await call(t.app, 'POST', p.urls.clients, {
      token,
      body: {
        ...client,
        category_id: category.id,
        fields: Object.entries(values).map(([field_id, value]) => ({ field_id: Number(field_id), value })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as CreatedClient;
  };
  const check = async (token: string | null, body: unknown) =>
    call(t.app, 'POST', urlOf(clientsEndpoints.duplicates, { projectId: p.owner.projectId }), {
      token,
      body,
    });
  const duplicatesOf = async (token: string, body: unknown) => {
    const res = await check(token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as ClientDuplicate[];
  };
  return { p, category, fields: { phone, phone2, social, city }, create, check, duplicatesOf };
}
