import { expect, test, type APIRequestContext, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  liveStreamReady,
  SCREENSHOTS,
  saveShot,
  seriousViolations,
  signInWithToken,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/client-page`;

type Envelope<T> = { response: T };
type Field = { id: number; type: string; name: string; required: boolean };

/** The demo project through the API as one of its people, and a fresh client of the manager's. */
const apiAs = async (request: APIRequestContext, email: string) => {
  const { headers, base } = await demoApi(request, email);
  const call = async <T>(method: 'get' | 'post', path: string, data?: unknown, status = 200): Promise<T> => {
    const res = await request[method](`${base}${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return ((await res.json()) as Envelope<T>).response;
  };
  return { call };
};

const freshClient = async (request: APIRequestContext) => {
  const manager = await apiAs(request, DEMO_MANAGER.email);
  const categories = await manager.call<{ id: number; name: string }[]>('get', '/client-categories');
  const groups = await manager.call<{ fields: Field[] }[]>('get', '/form');
  const phone = groups.flatMap((g) => g.fields).find((f) => f.type === 'phone_number')!;
  const last = `Страницын${Date.now().toString(36).replace(/\d/g, 'ж')}`;
  const client = await manager.call<{ id: number; name: string; last_name: string }>(
    'post',
    '/clients',
    {
      name: 'Светлана',
      last_name: last,
      amount: 48000,
      category_id: categories[0]!.id,
      fields: [
        { field_id: phone.id, value: `7900${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
      ],
    },
    201,
  );
  return { manager, client, categories, name: `Светлана ${last}` };
};

const timeline = (page: Page) => page.getByTestId('client-timeline');
const entries = (page: Page) => timeline(page).getByTestId('timeline-entry');

test("opens a client's page from a notification and from the search, and follows his timeline", async ({
  page,
  request,
}) => {
  const { manager, client, categories, name } = await freshClient(request);
  // A question about him: the admins are notified, with the client named.
  await manager.call('post', '/conversations', { client_id: client.id, content: 'Можно ли скидку?' }, 201);

  // The admin opens him from the notification's link.
  await signInWithToken(page, request, DEMO_ADMIN.email);
  await page.getByRole('button', { name: /^Уведомления/ }).click();
  const panel = page.getByRole('dialog', { name: 'Уведомления на сегодня' });
  await panel.getByTestId('notification-client-link').filter({ hasText: name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(entries(page).first()).toContainText('Вопрос администратору');
  await expect(entries(page).first()).toContainText('Можно ли скидку?');
  expect(await seriousViolations(page)).toEqual([]);

  // The manager finds him in the search; its panel leads to his page.
  await page.context().clearCookies();
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await page.getByPlaceholder('Поиск....').click();
  const search = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await search.getByRole('searchbox', { name: 'Поиск клиентов' }).fill(name);
  await search.getByTestId('search-result').filter({ hasText: name }).click();
  await page.getByTestId('client-page-link').click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('client-page-stage')).toContainText(categories[0]!.name);
  await expect(page.getByTestId('client-page-phone')).toHaveAttribute('href', /^tel:\+7900/);
  await liveStreamReady(page);

  // A note.
  await page.getByRole('button', { name: 'Заметка' }).click();
  const notes = page.getByRole('dialog', { name: /^Заметки/ });
  await notes.getByPlaceholder('Заметка...').fill('Просила прислать договор');
  await notes.getByRole('button', { name: 'Сохранить' }).click();
  await expect(entries(page).first()).toContainText('Просила прислать договор');
  await page.keyboard.press('Escape');

  // A reminder made and completed elsewhere: the page hears of it.
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const reminder = await manager.call<{ id: number }>(
    'post',
    `/clients/${client.id}/reminders`,
    { title: 'Отправить договор', completion_date: due },
    201,
  );
  await manager.call('post', `/client-reminders/${reminder.id}/completed`);
  await expect(entries(page).first()).toContainText('Напоминание выполнено');
  await expect(entries(page).first()).toContainText('Отправить договор');
  await expect(page.getByTestId('client-reminders')).toContainText('Отправить договор');
  // The reminder opens from its entry.
  await entries(page).first().getByTestId('reminder-link').click();
  await expect(page.getByRole('dialog').getByTestId('reminder-details-title')).toHaveText(
    'Отправить договор',
  );
  await page.keyboard.press('Escape');

  // A stage change with the move control.
  await page.getByRole('button', { name: 'Переместить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: categories[1]!.name }).click();
  // (A scenario of the demo may make a reminder on the move: the move is among the newest.)
  const moved = timeline(page).locator('[data-type="stage"]').first();
  await expect(moved).toContainText('Перемещён в другую категорию');
  await expect(moved).toContainText(categories[1]!.name);
  await expect(page.getByTestId('client-page-stage')).toContainText(categories[1]!.name);

  // A logged call.
  await page.getByRole('button', { name: 'Записать звонок' }).click();
  const callForm = page.getByRole('dialog', { name: 'Записать звонок' });
  await callForm.getByRole('button', { name: 'Записать' }).click();
  await expect(callForm.getByText('Выберите, чем закончился звонок')).toBeVisible();
  await callForm.getByRole('radio', { name: 'Дозвонился', exact: true }).check();
  await callForm.getByLabel('Минуты').fill('3');
  await callForm.getByLabel('Секунды').fill('20');
  await callForm.getByLabel('Комментарий').fill('Договорились о встрече в пятницу');
  await callForm.getByRole('button', { name: 'Записать' }).click();
  await expect(callForm).toBeHidden();
  const call = entries(page).first();
  await expect(call).toContainText('Звонок: Дозвонился');
  await expect(call).toContainText('3 мин 20 с');
  await expect(call).toContainText('Договорились о встрече в пятницу');

  // Newest first, down to his creation.
  await expect(entries(page).last()).toContainText('Клиент добавлен');
  await saveShot(page, { path: `${SHOTS}/desktop-1440.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test("a missing or another manager's client says so, revealing nothing", async ({ page, request }) => {
  const admin = await apiAs(request, DEMO_ADMIN.email);
  const categories = await admin.call<{ id: number }[]>('get', '/client-categories');
  const groups = await admin.call<{ fields: Field[] }[]>('get', '/form');
  const phone = groups.flatMap((g) => g.fields).find((f) => f.type === 'phone_number')!;
  const own = await admin.call<{ id: number }>(
    'post',
    '/clients',
    {
      name: 'Чужой',
      last_name: 'Клиент',
      category_id: categories[0]!.id,
      fields: [
        { field_id: phone.id, value: `7900${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
      ],
    },
    201,
  );
  await signInWithToken(page, request, DEMO_MANAGER.email, `/clients/${own.id}`);
  await expect(page.getByText('Клиент не найден: его удалили, или он вам недоступен.')).toBeVisible();
  await expect(page.getByText('Чужой')).toHaveCount(0);
  await page.goto('/clients/999999999');
  await expect(page.getByText('Клиент не найден: его удалили, или он вам недоступен.')).toBeVisible();
  // The fixed pages under /clients keep their own routes.
  await page.goto('/clients/import');
  await expect(page.getByText('Клиент не найден')).toHaveCount(0);
});

test('at 390 px the page works with one thumb', async ({ page, request }) => {
  const { client, name } = await freshClient(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_MANAGER.email, `/clients/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const action of ['Записать звонок', 'Заметка', 'Переместить']) {
    const button = page.getByRole('button', { name: action });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box!.height, action).toBeGreaterThanOrEqual(44);
  }
  await page.getByRole('button', { name: 'Записать звонок' }).click();
  const callForm = page.getByRole('dialog', { name: 'Записать звонок' });
  await callForm.getByRole('radio', { name: 'Не дозвонился', exact: true }).check();
  await callForm.getByRole('button', { name: 'Записать' }).click();
  await expect(entries(page).first()).toContainText('Звонок: Не дозвонился');
  await saveShot(page, { path: `${SHOTS}/phone-390.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
