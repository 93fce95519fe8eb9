import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGER, signInWithToken } from './fixtures';

/** Every route of docs/product.md §2.2 inside the layout, with its title word for word. */
const anyone: Array<[string, string]> = [
  ['/', 'Главная'],
  ['/clients', 'Клиенты'],
  ['/calendar', 'Календарь'],
  ['/statistics', 'Статистика'],
  ['/history', 'История действий'],
  ['/knowledge', 'Библиотека знаний'],
  ['/gpt-chat', 'Чат с GPT'],
];
const adminOnly: Array<[string, string]> = [
  ['/client_form', 'Форма клиента'],
  ['/auto-reminders', 'Авто-напоминания'],
  ['/library-settings', 'Настройки библиотеки'],
  ['/status', 'Статусы'],
  ['/status/1', 'Статусы'],
  ['/client-category-setting', 'Категории клиентов'],
  ['/project-setting', 'Настройки проекта'],
  ['/managers', 'Менеджеры'],
  ['/managers/3', 'Менеджеры'],
  ['/initial-questions', 'AI вопросы'],
];

const expectTitle = async (page: Page, title: string) => {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(title);
  await expect(page.getByTestId('sidebar')).toBeVisible();
};

/** Screens already built show their content (lists, forms); the others say what is coming. */
const built = new Set([
  '/',
  '/calendar',
  '/auto-reminders',
  '/status',
  '/status/1',
  '/project-setting',
  '/managers',
  '/managers/3',
  '/client_form',
  '/client-category-setting',
  '/clients',
  '/knowledge',
  '/library-settings',
  '/admin-chat',
  '/gpt-chat',
  '/initial-questions',
  '/history',
  '/statistics',
]);

test('an admin opens every layout route with its title; features not built yet say "Скоро"', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  for (const [path, title] of [...anyone, ['/admin-chat', 'Чат с менеджерами'] as [string, string], ...adminOnly]) {
    await page.goto(path);
    await expectTitle(page, title);
    const soon = page.getByTestId('coming-soon');
    if (!built.has(path)) {
      // 'Скоро: …' and one sentence on what the page will do, not an empty list with no action.
      await expect(soon.getByRole('heading', { level: 2 })).toHaveText(/^Скоро: \S/);
      await expect(soon.locator('p')).toHaveText(/\S.{30,}\.$/);
      await expect(page.getByTestId('empty-state')).toHaveCount(0);
    }
  }
});

test('a manager sees the chat with the administrator and no access to admin routes', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await expect(page.getByTestId('account-role')).toHaveText('Менеджер');
  await page.goto('/admin-chat');
  await expectTitle(page, 'Чат с администратором');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Чат с администратором' })).toBeVisible();

  for (const [path] of adminOnly.slice(0, 3)) {
    await page.goto(path);
    await expectTitle(page, 'Нет доступа');
  }
  // Nor are the admin items in the menu.
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Форма клиента' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar').getByRole('button', { name: 'Настройки' })).toHaveCount(0);
});

test('an admin sees the admin menu items and the settings dropdown', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  const side = page.getByTestId('sidebar');
  await expect(side.getByRole('link', { name: 'Форма клиента' })).toBeVisible();
  await expect(side.getByRole('link', { name: 'Авто-напоминания' })).toBeVisible();
  await side.getByRole('button', { name: 'Настройки' }).click();
  const menu = page.getByTestId('settings-menu');
  for (const label of ['Категории клиентов', 'Настройки проекта', 'Менеджеры', 'Настройки библиотеки', 'Статусы', 'AI вопросы']) {
    await expect(menu.getByRole('link', { name: label })).toBeAttached();
  }
  await menu.getByRole('link', { name: 'Категории клиентов' }).click();
  await expect(page).toHaveURL('/client-category-setting');
  await expectTitle(page, 'Категории клиентов');
});
