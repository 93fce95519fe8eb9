import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, SCREENSHOTS, signInWithToken } from './fixtures';

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
};

test('/login has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/login.png` });
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
