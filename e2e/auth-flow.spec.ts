import { expect, test } from './test';
import { sidebar, uniqueEmail } from './fixtures';
import { linkIn, readMail } from './mail';

test('register → create a project → layout → sign out with confirmation → sign in again', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('owner');
  const password = 'strong-pass-1';

  await page.goto('/registration');
  await expect(page).toHaveTitle('Регистрация');
  await page.getByLabel('Имя').fill('Ирина Первая');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(password);
  await page.getByLabel('Повторите пароль').fill('something-else');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // The contract's rule, checked before anything is sent.
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();

  await page.getByLabel('Повторите пароль').fill(password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  // Unverified: start-up holds the new user on /verify-email until the emailed link is opened.
  await expect(page).toHaveURL('/verify-email');
  await page.goto(
    linkIn(await readMail(email, 'Подтвердите адрес электронной почты'), `${baseURL}/verify-email/`),
  );

  // No project yet: start-up sends the new user to create one (docs/product.md §2.1).
  await expect(page).toHaveURL('/create-project');
  await page.getByLabel('Название проекта').fill('Отдел продаж');
  await page.getByRole('button', { name: 'Создать проект' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(page).toHaveTitle('Главная');
  await expect(sidebar(page).getByRole('button', { name: /Отдел продаж/ })).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText('Ирина Первая');
  // The creator is super_admin, labelled 'Админ' like an admin (docs/product.md §3.1).
  await expect(page.getByTestId('account-role')).toHaveText('Админ');
  const projectId = await page.evaluate(() => localStorage.getItem('project_id'));
  expect(projectId).toMatch(/^\d+$/);

  // 'Нет, остаться' keeps the user in.
  await page.getByRole('button', { name: 'Выйти' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Вы действительно хотите выйти?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Нет, остаться' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/');

  await page.getByRole('button', { name: 'Выйти' }).click();
  const logout = page.waitForResponse((r) => r.url().endsWith('/api/v1/logout'));
  await page.getByRole('dialog').getByRole('button', { name: 'Да, выйти' }).click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Sent empty: each field says so, nothing is sent and no toast covers them.
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/login')) sent = true;
  });
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Обязательное поле')).toHaveCount(2);
  await expect(page.getByLabel('Электронная почта')).toBeFocused();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  expect(sent).toBe(false);

  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  // The remembered project is selected again.
  await expect(sidebar(page).getByRole('button', { name: /Отдел продаж/ })).toBeVisible();
});

test('an already used email is shown under the field', async ({ page, request }) => {
  const email = uniqueEmail('twice');
  const body = { name: 'Первый', email, password: 'strong-pass-1', password_confirmation: 'strong-pass-1' };
  expect((await request.post('/api/v1/register', { data: body })).status()).toBe(201);

  await page.goto('/registration');
  await page.getByLabel('Имя').fill('Второй');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill('strong-pass-1');
  await page.getByLabel('Повторите пароль').fill('strong-pass-1');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/register'));
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  const res = await answer;
  expect(res.status()).toBe(422);
  const { errors } = (await res.json()) as { errors: Record<string, string[]> };
  const message = errors.email?.[0] ?? '';
  expect(message).not.toBe('');
  await expect(page.locator('form').getByText(message)).toBeVisible();
  await expect(page).toHaveURL('/registration');
});
