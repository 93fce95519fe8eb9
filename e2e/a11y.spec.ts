import { expect, test } from './test';
import { DEMO_ADMIN, SCREENSHOTS, signInWithToken, seriousViolations, saveShot } from './fixtures';

test('/login has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/login.png` });
  expect(await seriousViolations(page)).toEqual([]);
});

test('/registration has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/registration');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('/ has no serious or critical axe violations, expanded and collapsed', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  await expect(page.getByTestId('account-role')).toHaveText('Админ');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Свернуть меню' }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an open modal has no serious or critical axe violations', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the statistics page on a tablet, with a tooltip shown, has no serious or critical axe violations', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInWithToken(page, request, DEMO_ADMIN.email, '/statistics');
  await expect(page.getByRole('heading', { name: 'Воронка' })).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Календарь' }).hover();
  await expect(page.locator('[data-tooltip]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('form errors and character counters have no serious or critical axe violations', async ({ page }) => {
  await page.goto('/registration?invitation=' + 'x'.repeat(43));
  await expect(page.getByTestId('invitation-banner')).toBeVisible();
  await page.getByLabel('Имя').fill('Я'.repeat(101));
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Не более 100 символов')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
