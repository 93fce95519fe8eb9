import { expect, test } from '@playwright/test';
import { box, DEMO_ADMIN, SCREENSHOTS, sidebar, signInWithToken } from './fixtures';

test.beforeEach(async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
});

test('sidebar is 260px, 70px collapsed, and the state survives a reload', async ({ page }) => {
  await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'false');
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(260);
  await page.screenshot({ path: `${SCREENSHOTS}/layout-expanded.png` });

  await page.getByRole('button', { name: 'Свернуть меню' }).click();
  await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(70);
  expect(await page.evaluate(() => localStorage.getItem('collapse'))).toBe('true');
  // Labels are hidden but stay the links' names, with a tooltip.
  const clients = sidebar(page).getByRole('link', { name: 'Клиенты' });
  await expect(clients).toHaveAttribute('title', 'Клиенты');
  await page.screenshot({ path: `${SCREENSHOTS}/layout-collapsed.png` });

  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(70);

  await page.getByRole('button', { name: 'Развернуть меню' }).click();
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(260);
  expect(await page.evaluate(() => localStorage.getItem('collapse'))).toBe('false');
});

test('the settings dropdown is at most 155px high and closes when the menu collapses', async ({ page }) => {
  const settings = sidebar(page).getByRole('button', { name: 'Настройки' });
  await settings.click();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByTestId('settings-menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('max-height', '155px');
  await expect(menu).toHaveCSS('overflow-y', 'auto');
  expect((await box(menu))?.height).toBeLessThanOrEqual(155);

  await page.getByRole('button', { name: 'Свернуть меню' }).click();
  await expect(menu).toBeHidden();

  // Collapsed, it flies out and closes on an outside click like the other dropdowns.
  await settings.click();
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('max-height', '155px');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();
});

test('other dropdowns close on an outside click and are at most 155px high', async ({ page }) => {
  await sidebar(page).getByRole('button', { name: /Демо-проект/ }).click();
  const menu = page.locator('[data-dropdown-menu]');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('max-height', '155px');
  await expect(menu.getByRole('link', { name: 'Новый проект' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: /Аккаунт: Анна Админова/ }).click();
  await expect(menu).toContainText('demo@example.com');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('header shows search, today, the clock, the bell, the account and Выйти', async ({ page }) => {
  await expect(page.getByPlaceholder('Поиск....')).toBeVisible();
  const header = page.locator('header');
  await expect(header.getByText('Сегодня', { exact: true })).toBeVisible();
  await expect(header.getByText('Время', { exact: true })).toBeVisible();
  await expect(page.getByTestId('header-time')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(page.getByTestId('header-today')).toHaveText(/^\d{1,2} [а-я]+ \d{4}$/);
  await expect(page.getByRole('button', { name: 'Уведомления' })).toBeVisible();
  // No unread-count endpoint yet: no badge (and no call).
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(page.getByTestId('account-name')).toHaveText(DEMO_ADMIN.name);
  await expect(page.getByTestId('account-role')).toHaveText('Админ');
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
});

test('the clock refreshes when the minute changes', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-22T10:15:58+03:00') });
  await page.reload();
  await expect(page.getByTestId('header-time')).toHaveText('10:15');
  await expect(page.getByTestId('header-today')).toHaveText('22 ноября 2026');
  await page.clock.runFor(3_000);
  await expect(page.getByTestId('header-time')).toHaveText('10:16');
  await page.clock.runFor(60_000);
  await expect(page.getByTestId('header-time')).toHaveText('10:17');
});

test.describe('on a 390px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a drawer opened by the burger', async ({ page }) => {
    await expect(sidebar(page)).not.toBeInViewport();
    await page.screenshot({ path: `${SCREENSHOTS}/layout-390.png` });
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect.poll(async () => box(sidebar(page))).toMatchObject({ x: 0, width: 260 });
    await page.screenshot({ path: `${SCREENSHOTS}/layout-390-drawer.png` });
    await sidebar(page).getByRole('link', { name: 'Клиенты' }).click();
    await expect(page).toHaveURL('/clients');
    await expect(sidebar(page)).not.toBeInViewport();
  });

  test('modals become full-screen sheets', async ({ page }) => {
    await page.getByRole('button', { name: 'Выйти' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(async () => box(dialog)).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  });
});
