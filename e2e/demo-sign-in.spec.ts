import { expect, test } from './test';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_PROJECT, sidebar, signInWithForm } from './fixtures';

test('signs in to the seeded demo project', async ({ page }) => {
  await signInWithForm(page, DEMO_ADMIN.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: new RegExp(DEMO_PROJECT) })).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText(DEMO_ADMIN.name);
  await expect(page.getByTestId('account-role')).toHaveText('Админ');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^\d+\|/);
  expect(await page.evaluate(() => localStorage.getItem('project_id'))).toMatch(/^\d+$/);

  // A signed-in user who opens /login lands on the main page (docs/product.md §2.1).
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});
