import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadFormsEndpoints, webhooksEndpoints, type LeadForm } from '@crm/contract';
import { callEndpoint } from '../test/api.js';
import { seedDemoProject } from '../test/demo-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the demo integrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has a lead form for the demo address that takes a submission, and a webhook switched off', async () => {
    const demo = await seedDemoProject(t);
    const token = await demo.signIn('demo@example.com');
    const params = { projectId: demo.projectId };
    const [form] = (await callEndpoint(t.app, leadFormsEndpoints.list, { params, token })).body.response as LeadForm[];
    expect(form).toMatchObject({ name: 'Заявка с сайта', enabled: true, origins: [new URL(t.config.appUrl).origin] });
    const [hook] = (await callEndpoint(t.app, webhooksEndpoints.list, { params, token })).body.response;
    expect(hook).toMatchObject({ enabled: false, url: 'https://hooks.example.com/crm' });

    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/lead-forms/${form!.public_key}` });
    const spec = shown.json().response as { token: string; fields: { id: number; type: string; required: boolean }[] };
    expect(spec.fields.some((f) => f.required)).toBe(true);
    t.clock.advance(5000);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/lead-forms/${form!.public_key}/submissions`,
      payload: {
        name: 'Демо',
        last_name: 'Заявкин',
        fields: spec.fields.map((f) => ({ field_id: f.id, value: f.type === 'phone_number' ? '+7 495 111-22-33' : 'Москва' })),
        token: spec.token,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });
});
