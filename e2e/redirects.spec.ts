import { expect, test } from './test';
import { DEMO_ADMIN, signInWithToken } from './fixtures';

test.describe('without a stored token', () => {
  for (const path of [
    '/',
    '/clients',
    '/managers/2',
    '/client_form',
    '/create-project',
    '/verify-email/abc',
    '/no-such-page',
  ]) {
    test(`${path} → /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
    });
  }

  test('/registration, /recovery and /login_data_processing stay open', async ({ page }) => {
    await page.goto('/registration');
    await expect(page).toHaveURL('/registration');
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();

    await page.goto('/registration?invitation=abc');
    await expect(page).toHaveURL('/registration?invitation=abc');

    await page.goto('/recovery');
    await expect(page).toHaveURL('/recovery');
    await page.goto('/login_data_processing');
    await expect(page).toHaveURL('/login_data_processing');
  });

  test('the login form links to registration and recovery', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page).toHaveURL('/recovery');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await expect(page).toHaveURL('/registration');
  });
});

test.describe('with a stored token', () => {
  test('/login goes to / and an unknown path shows the Russian 404 page', async ({ page, request }) => {
    await signInWithToken(page, request, DEMO_ADMIN.email, '/login');
    await expect(page).toHaveURL('/');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await page.getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a revoked token (401) is removed and the user goes to /login', async ({ page, request }) => {
    await signInWithToken(page, request, DEMO_ADMIN.email);
    await page.evaluate(() => localStorage.setItem('token', '999999|revoked'));
    await page.reload();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
