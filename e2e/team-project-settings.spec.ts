import { expect, test } from './test';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  SCREENSHOTS,
  sidebar,
  signInWithToken,
  saveShot,
  seriousViolations,
} from './fixtures';

test('project settings: change the name and the time zone; the toast; the selector shows the new name', async ({
  page,
  request,
}) => {
  // A project of its own, so renaming it leaves the demo project (other tests use it) alone.
  const login = await request.post('/api/v1/login', {
    data: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
  });
  const auth = {
    Authorization: `Bearer ${((await login.json()) as { response: { token: string } }).response.token}`,
  };
  const suffix = Date.now().toString(36);
  const created = await request.post('/api/v1/projects', {
    data: { name: `Филиал ${suffix}` },
    headers: auth,
  });
  expect(created.status()).toBe(201);
  const project = ((await created.json()) as { response: { id: number; timezone: string } }).response;

  // Switch to it with the project selector, as a person would (the app stores the choice itself).
  await signInWithToken(page, request, DEMO_ADMIN.email);
  await sidebar(page)
    .getByRole('button', { name: /Демо-проект/ })
    .click();
  await page.getByRole('button', { name: new RegExp(`Филиал ${suffix}`) }).click();
  await expect(sidebar(page).getByRole('button', { name: new RegExp(`Филиал ${suffix}`) })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('project_id'))).toBe(String(project.id));
  await page.goto('/project-setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки проекта' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: new RegExp(`Филиал ${suffix}`) })).toBeVisible();

  const name = page.getByLabel('Название проекта');
  const zone = page.getByLabel('Часовой пояс');
  await expect(name).toHaveValue(`Филиал ${suffix}`);
  await expect(zone).toHaveValue(project.timezone);
  // Russian labels: the place and its offset, never the IANA name.
  await expect(zone.locator('option', { hasText: 'Москва (UTC+3)' })).toHaveCount(1);
  await expect(zone.locator('option', { hasText: 'Europe/' })).toHaveCount(0);
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();

  await name.fill(`Урал ${suffix}`);
  await zone.selectOption({ label: 'Екатеринбург (UTC+5)' });
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SCREENSHOTS}/project-setting.png`, fullPage: true });
  await save.click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Настройки проекта сохранены!' }),
  ).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: new RegExp(`Урал ${suffix}`) })).toBeVisible();

  // Kept on the server.
  const read = await request.get(`/api/v1/projects/${project.id}`, { headers: auth });
  expect(((await read.json()) as { response: { name: string; timezone: string } }).response).toMatchObject({
    name: `Урал ${suffix}`,
    timezone: 'Asia/Yekaterinburg',
  });
  await page.reload();
  await expect(page.getByLabel('Название проекта')).toHaveValue(`Урал ${suffix}`);
  await expect(page.getByLabel('Часовой пояс')).toHaveValue('Asia/Yekaterinburg');

  // An empty name is refused under the field.
  await page.getByLabel('Название проекта').fill('');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Обязательное поле')).toBeVisible();
});

test("project settings: the phone country, a select of the picker's countries in Russian, with its hint", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/login', {
    data: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
  });
  const auth = {
    Authorization: `Bearer ${((await login.json()) as { response: { token: string } }).response.token}`,
  };
  const suffix = Date.now().toString(36);
  const created = await request.post('/api/v1/projects', {
    data: { name: `Страна ${suffix}` },
    headers: auth,
  });
  expect(created.status()).toBe(201);
  const project = ((await created.json()) as { response: { id: number; phone_country: string } }).response;
  // A new project reads numbers as every project did before the setting: Ukrainian.
  expect(project.phone_country).toBe('UA');

  await signInWithToken(page, request, DEMO_ADMIN.email);
  await sidebar(page)
    .getByRole('button', { name: /Демо-проект/ })
    .click();
  await page.getByRole('button', { name: new RegExp(`Страна ${suffix}`) }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('project_id'))).toBe(String(project.id));
  await page.goto('/project-setting');

  const country = page.getByLabel('Страна для номеров без кода');
  await expect(country).toHaveValue('UA');
  await expect(country.locator('option:checked')).toHaveText('Украина');
  await expect(country.locator('option')).toHaveCount(48);
  await expect(country.locator('option', { hasText: 'Россия' })).toHaveAttribute('value', 'RU');
  await expect(
    page.getByText(
      'Номер, записанный без кода страны (например, 8 999 123-45-67 или 050 123 45 67), читается как номер этой страны.',
    ),
  ).toBeVisible();
  // The hint is the select's description.
  await expect(country).toHaveAccessibleDescription(/читается как номер этой страны/);

  await country.selectOption({ label: 'Россия' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Настройки проекта сохранены!' }),
  ).toBeVisible();

  const read = await request.get(`/api/v1/projects/${project.id}`, { headers: auth });
  expect(((await read.json()) as { response: { phone_country: string } }).response.phone_country).toBe('RU');
  await page.reload();
  await expect(page.getByLabel('Страна для номеров без кода')).toHaveValue('RU');
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();

  // The history says what changed.
  const history = await request.get(`/api/v1/projects/${project.id}/history?subject_type=project`, {
    headers: auth,
  });
  expect(JSON.stringify(await history.json())).toContain('страна телефонов UA → RU');
});
