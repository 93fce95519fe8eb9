import { expect, test } from './test';
import { DEMO_ADMIN, demoApi, SCREENSHOTS, saveShot, seriousViolations, signInWithToken } from './fixtures';

const SHOTS = `${SCREENSHOTS}/integrations`;

test('an admin creates an API key, a script uses it, the list shows its use, and a revoked key stops at once', async ({
  page,
  request,
}) => {
  const { projectId, headers: adminHeaders, base } = await demoApi(request, DEMO_ADMIN.email);
  await signInWithToken(page, request, DEMO_ADMIN.email, '/project-setting');
  await page.getByRole('navigation', { name: 'Разделы настроек' }).getByRole('link', { name: 'Интеграции' }).click();
  await expect(page).toHaveURL(/\/project-setting\/integrations$/);
  const card = page.getByRole('region', { name: /API-ключи/ });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('api-keys-skeleton')).toHaveCount(0);

  const name = `Скрипт ${Date.now().toString(36)}`;
  await card.getByRole('button', { name: 'Создать ключ' }).click();
  const modal = page.getByRole('dialog', { name: 'Новый API-ключ' });
  await modal.getByLabel('Название').fill(name);
  await modal.getByLabel('Права').selectOption({ label: 'Чтение и запись' });
  await modal.getByRole('button', { name: 'Создать' }).click();

  const secret = modal.getByLabel(`Ключ «${name}»`);
  await expect(secret).toBeVisible();
  const key = await secret.inputValue();
  expect(key).toMatch(/^\d+\|\S{40,}$/);
  await expect(modal.getByTestId('api-key-example')).toContainText(`Bearer ${key}`);
  await expect(modal.getByTestId('api-key-example')).toContainText(`/api/v1/projects/${projectId}/clients`);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/api-key-created-1440.png` });
  await modal.getByRole('button', { name: 'Готово' }).click();
  await expect(modal).toBeHidden();

  // The script: no session, only the key.
  const script = { Authorization: `Bearer ${key}` };
  const list = await request.get(`${base}/clients`, { headers: script });
  expect(list.status()).toBe(200);
  const managers = (await (await request.get(`${base}/members?role=manager`, { headers: script })).json()) as {
    response: { id: number }[];
  };
  const phone = ((await (await request.get(`${base}/form`, { headers: script })).json()) as {
    response: { fields: { id: number; name: string }[] }[];
  }).response
    .flatMap((g) => g.fields)
    .find((f) => f.name === 'Телефон')!;
  const created = await request.post(`${base}/clients`, {
    headers: script,
    data: {
      name: 'Из',
      last_name: `Скрипта ${name}`,
      category_id: ((await (await request.get(`${base}/client-categories`, { headers: script })).json()) as {
        response: { id: number }[];
      }).response[0]!.id,
      manager_id: managers.response[0]!.id,
      fields: [{ field_id: phone.id, value: `+7 495 768 ${String(Date.now()).slice(-4)}` }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Its change is the key's in the history.
  const history = (await (await request.get(`${base}/history`, { headers: adminHeaders })).json()) as {
    response: { data: { actor: { name: string } | null; message: string }[] };
  };
  expect(history.response.data.find((e) => e.message.includes(`Скрипта ${name}`))?.actor?.name).toBe(`API-ключ «${name}»`);
  // Account and team operations are not a key's.
  expect((await request.get('/api/v1/user', { headers: script })).status()).toBe(403);

  await page.reload();
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText('Чтение и запись');
  await expect(row).toContainText('Бессрочный');
  await expect(row).toContainText('Использован');
  await expect(row).toContainText(`Создал ${DEMO_ADMIN.name}`);
  await saveShot(page, { path: `${SHOTS}/api-keys-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/api-keys-390.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Отозвать ключ «${name}»` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Да, отозвать' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Ключ отозван' })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get(`${base}/clients`, { headers: script })).status()).toBe(401);
});

test('a key form refuses an empty name and a past day with the reasons under the fields', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/project-setting/integrations');
  await page.getByRole('region', { name: /API-ключи/ }).getByRole('button', { name: 'Создать ключ' }).click();
  const modal = page.getByRole('dialog', { name: 'Новый API-ключ' });
  await expect(modal.getByRole('button', { name: 'Создать' })).toBeDisabled();
  await modal.getByLabel('Название').fill('Прошлый');
  await modal.getByLabel('Действует по').fill('2020-01-01');
  await modal.getByRole('button', { name: 'Создать' }).click();
  await expect(modal.getByText('Дата окончания не может быть в прошлом')).toBeVisible();
  await expect(modal.getByLabel('Название')).toHaveValue('Прошлый');
});
