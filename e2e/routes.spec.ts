import type { Page } from './test';
import { expect, test } from './test';
import { DEMO_ADMIN, DEMO_MANAGER, SCREENSHOTS, signInWithToken, saveShot } from './fixtures';

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
  ['/clients/import', 'Импорт клиентов'],
  ['/auto-reminders', 'Авто-напоминания'],
  ['/library-settings', 'Настройки библиотеки'],
  ['/status', 'Статусы'],
  ['/status/1', 'Статусы'],
  ['/client-category-setting', 'Категории клиентов'],
  ['/project-setting', 'Настройки проекта'],
  ['/project-setting/integrations', 'Настройки проекта'],
  ['/project-setting/telegram', 'Настройки проекта'],
  ['/managers', 'Менеджеры'],
  ['/managers/3', 'Менеджеры'],
  ['/initial-questions', 'AI вопросы'],
];

const expectTitle = async (page: Page, title: string) => {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(title);
  await expect(page.getByTestId('sidebar')).toBeVisible();
};

test('an admin opens every layout route with its title', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  for (const [path, title] of [
    ...anyone,
    ['/admin-chat', 'Чат с менеджерами'] as [string, string],
    ...adminOnly,
  ]) {
    await page.goto(path);
    await expectTitle(page, title);
  }
});

test('a manager sees the chat with the administrator and no access to admin routes', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await expect(page.getByTestId('account-role')).toHaveText('Менеджер');
  await page.goto('/admin-chat');
  await expectTitle(page, 'Чат с администратором');
  await expect(
    page.getByTestId('sidebar').getByRole('link', { name: 'Чат с администратором' }),
  ).toBeVisible();

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
  for (const label of [
    'Категории клиентов',
    'Настройки проекта',
    'Менеджеры',
    'Настройки библиотеки',
    'Статусы',
    'AI вопросы',
  ]) {
    await expect(menu.getByRole('link', { name: label })).toBeAttached();
  }
  await menu.getByRole('link', { name: 'Категории клиентов' }).click();
  await expect(page).toHaveURL('/client-category-setting');
  await expectTitle(page, 'Категории клиентов');

  // Opened on a screen below the list's fold, the list shows that screen's item.
  await page.goto('/status');
  await expectTitle(page, 'Статусы');
  const current = page.getByTestId('settings-menu').getByRole('link', { name: 'Статусы' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  const within = async () => {
    const [item, list] = await Promise.all([
      current.boundingBox(),
      page.getByTestId('settings-menu').boundingBox(),
    ]);
    return item!.y >= list!.y - 1 && item!.y + item!.height <= list!.y + list!.height + 1;
  };
  await expect.poll(within).toBe(true);
});

test('a page whose code cannot be loaded says so inside the layout; the menu stays usable and «Повторить» brings it once the server is back', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/');
  await expectTitle(page, 'Главная');
  // The connection drops: no more of the app's files arrive, and the server does not answer.
  await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
  await page.route('**/api/health', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('sidebar').getByRole('button', { name: 'Настройки' }).click();
  await page.getByTestId('sidebar').getByRole('link', { name: 'AI вопросы' }).click();
  const failed = page.getByTestId('page-load-error');
  await expect(failed).toHaveText(/Не удалось загрузить страницу: нет связи с сервером/);
  // The layout is still there, in Russian: no 'Something went wrong' over the whole app.
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await saveShot(page, { path: `${SCREENSHOTS}/routes/page-load-error.png` });
  // Still down: it says so and stays.
  await failed.getByRole('button', { name: 'Повторить' }).click();
  await expect(failed).toContainText('Сервер пока не отвечает');
  // Back: «Повторить» opens the page.
  await page.unroute('**/assets/**');
  await page.unroute('**/api/health');
  await failed.getByRole('button', { name: 'Повторить' }).click();
  await expectTitle(page, 'AI вопросы');
});
