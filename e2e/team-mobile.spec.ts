import { expect, test } from './test';
import { DEMO_ADMIN, SCREENSHOTS, signInWithToken, saveShot } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('the team screens fit a 390px phone without sideways scrolling', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  for (const [path, title, shot] of [
    ['/managers', 'Менеджеры', 'managers-phone'],
    ['/managers/3', 'Менеджеры', 'manager-page-phone'],
    ['/status', 'Статусы', 'statuses-phone'],
    ['/status/1', 'Статусы', 'status-page-phone'],
    ['/project-setting', 'Настройки проекта', 'project-setting-phone'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('[aria-hidden="true"][data-testid$="skeleton"]')).toHaveCount(0);
    await saveShot(page, { path: `${SCREENSHOTS}/${shot}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
