import { expect, test } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  DEMO_PROJECT,
  demoApi,
  joinDemoProject,
  signInWithToken,
} from './fixtures';

test('a manager opening /managers, /status or /project-setting sees "Нет доступа" and no failed request', async ({
  page,
  request,
}) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
  });
  await signInWithToken(page, request, DEMO_MANAGER.email);
  for (const path of [
    '/managers',
    '/managers/1',
    '/status',
    '/status/1',
    '/project-setting',
    '/project-setting/integrations',
    '/project-setting/telegram',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toBeVisible();
    await expect(page).toHaveURL(path);
  }
  // The screens wait for the role before asking for their data: nothing was refused, no toast.
  expect(refused).toEqual([]);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
});

test('an admin removes a member from his page: the confirmation, then back to the team without him', async ({
  page,
  request,
}) => {
  const name = `Уходящий ${Date.now().toString(36)}`;
  await joinDemoProject(request, 'manager', name);
  const admin = await demoApi(request, DEMO_ADMIN.email);
  const members = await request.get(`${admin.base}/members`, { headers: admin.headers });
  const member = ((await members.json()) as { response: { id: number; name: string }[] }).response.find(
    (m) => m.name === name,
  )!;
  await signInWithToken(page, request, DEMO_ADMIN.email, `/managers/${member.id}`);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.getByRole('button', { name: 'Удалить из проекта' }).click();
  const confirm = page.getByRole('dialog', { name: `Удалить ${name} из проекта?` });
  await expect(confirm.getByRole('button', { name: 'Нет' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(page).toHaveURL(/\/managers$/);
  await expect(page.getByTestId('team-table')).toBeVisible();
  await expect(page.getByTestId('team-table').getByText(name)).toHaveCount(0);
  // His own page: nobody removes himself.
  const self = ((await members.json()) as { response: { id: number; name: string }[] }).response.find(
    (m) => m.name === DEMO_ADMIN.name,
  )!;
  await page.goto(`/managers/${self.id}`);
  await expect(page.getByRole('heading', { level: 2, name: DEMO_ADMIN.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Удалить из проекта' })).toHaveCount(0);
});

test('a manager removed while his page is open is told once and taken out of the project', async ({
  page,
  request,
}) => {
  const name = `Удаляемый ${Date.now().toString(36)}`;
  const email = await joinDemoProject(request, 'manager', name);
  await signInWithToken(page, request, email);
  // The page's live connection is up before the admin acts (it opens once the page is drawn).
  const live = page.waitForResponse((r) => r.url().endsWith('/api/v1/events'));
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Клиенты' })).toBeVisible();
  expect((await live).status()).toBe(200);

  const admin = await demoApi(request, DEMO_ADMIN.email);
  const members = await request.get(`${admin.base}/members`, { headers: admin.headers });
  const member = ((await members.json()) as { response: { id: number; name: string }[] }).response.find(
    (m) => m.name === name,
  )!;
  const removed = await request.delete(`${admin.base}/members/${member.id}`, { headers: admin.headers });
  expect(removed.status()).toBe(200);

  await expect(
    page.locator('.Toastify__toast').filter({ hasText: `Вы больше не участник проекта «${DEMO_PROJECT}»` }),
  ).toHaveCount(1);
  // No project of his is left: he is asked to create one.
  await expect(page).toHaveURL('/create-project');
});
