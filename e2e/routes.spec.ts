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


test('an admin opens every layout route with its title', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  for (const [path, title] of [...anyone, ['/admin-chat', 'Чат с менеджерами'] as [string, string], ...adminOnly]) {
    await page.goto(path);
    await expectTitle(page, title);
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
