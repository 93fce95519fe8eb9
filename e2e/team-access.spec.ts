import { expect, test } from '@playwright/test';
import { DEMO_MANAGER, signInWithToken } from './fixtures';

test('a manager opening /managers, /status or /project-setting sees "Нет доступа" and no failed request', async ({
  page,
  request,
}) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
  });
  await signInWithToken(page, request, DEMO_MANAGER.email);
  for (const path of ['/managers', '/managers/1', '/status', '/status/1', '/project-setting']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toBeVisible();
    await expect(page).toHaveURL(path);
  }
  // The screens wait for the role before asking for their data: nothing was refused, no toast.
  expect(refused).toEqual([]);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
});
