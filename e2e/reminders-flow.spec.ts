import { expect, test, type APIRequestContext, type Page } from './test';
import { DEMO_ADMIN, DEMO_MANAGER, demoApi, SCREENSHOTS, signInWithToken, saveShot } from './fixtures';

// The whole path of issue 10 in one story: an admin's scenario, a manager's move that fires it,
// the reminder on the dashboard and the calendar, the scheduler's notice in the bell.

const SHOTS = `${SCREENSHOTS}/reminders-flow`;
const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();

type Api = { headers: Record<string, string>; base: string };
const apiAs = async (request: APIRequestContext, email: string): Promise<Api> => {
  const { headers, base } = await demoApi(request, email);
  return { headers, base };
};
const get = async <T>(request: APIRequestContext, api: Api, url: string): Promise<T> => {
  const res = await request.get(url.startsWith('/api') ? url : `${api.base}${url}`, { headers: api.headers });
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { response: T }).response;
};

type Reminder = {
  id: number;
  title: string;
  status: string;
  completion_date: string;
  template_id: number | null;
  client: { id: number };
};
type Notification = {
  id: number;
  type: string;
  message: string;
  data: { client_reminder: { id: number } | null };
};

/**
 * The reminder is a block on its day of the calendar's week, or in the list under one of that day's
 * '+ N' (late in the evening others share its time).
 */
const expectOnCalendar = async (page: Page, title: string, at: string) => {
  const calendar = page.getByTestId('calendar');
  const day = new Date(at).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });
  const column = calendar.locator(`td.fc-timegrid-col[data-date="${day}"]`);
  await expect(column.locator('.fc-event').first()).toBeVisible();
  if ((await column.locator('.fc-event').filter({ hasText: title }).count()) > 0) {
    await expect(column.getByText(title).first()).toBeVisible();
    return;
  }
  for (const more of await column.locator('.fc-timegrid-more-link').all()) {
    await more.click();
    await expect(page.locator('.fc-popover')).toBeVisible();
    const found = page.locator('.fc-popover .fc-event').filter({ hasText: title });
    if ((await found.count()) > 0) {
      await expect(found.getByText(title)).toBeVisible();
      return;
    }
    await page.keyboard.press('Escape');
  }
  throw new Error(`"${title}" is neither a block nor under a '+ N' on ${day}`);
};

test('a scenario fires on a move: the reminder is on the dashboard and the calendar, and its notice reaches the bell', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const title = `Поздравить с переходом ${Date.now().toString(36)}`;
  const admin = await apiAs(request, DEMO_ADMIN.email);
  const manager = await apiAs(request, DEMO_MANAGER.email);
  const categories = await get<{ id: number; name: string }[]>(request, admin, '/client-categories');
  const from = categories.find((c) => c.name === 'Новые заявки')!;
  const to = categories.find((c) => c.name === 'Сделка')!;

  // The admin: a scenario on entering 'Сделка', due in an hour (the least it takes), noticed at
  // once (an hour before it is due).
  await signInWithToken(page, request, DEMO_ADMIN.email, '/auto-reminders');
  await page.getByRole('button', { name: 'Добавить авто-напоминание', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Новое авто-напоминание' });
  await create.getByLabel(/^Название/).fill(title);
  await create.getByLabel(/^Событие/).selectOption({ label: 'Категория клиента изменена' });
  await create.getByLabel(/^Категория/).selectOption({ label: to.name });
  await create.getByLabel(/^Через сколько часов/).fill('1');
  await create.getByLabel(/^Напомнить за, минут/).fill('60');
  await create.getByRole('textbox', { name: /^Подсказка/ }).click();
  await page.keyboard.type('Поблагодарите клиента и договоритесь о старте работ');
  await create.getByLabel(/^Чек-лист/).fill('Отправить счёт');
  await create.getByLabel(/^Чек-лист/).press('Enter');
  await create.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(toast(page, 'Сценарий успешно создан!')).toBeVisible();

  // The manager moves one of his clients into 'Сделка' in the edit form.
  const page1 = await get<{ data: { id: number; name: string; last_name: string }[] }>(
    request,
    manager,
    `/clients?category=${from.id}`,
  );
  const client = page1.data[0]!;
  const fullName = `${client.name} ${client.last_name}`;
  await signInWithToken(page, request, DEMO_MANAGER.email, '/clients');
  const column = page
    .getByTestId('board-column')
    .filter({ has: page.getByRole('heading', { level: 2, name: from.name, exact: true }) });
  const card = column.getByRole('article', { name: fullName, exact: true });
  await card.getByRole('button', { name: 'Развернуть карточку' }).click();
  await card.getByRole('button', { name: 'Редактировать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Редактировать клиента' });
  await dialog.getByLabel('Категория').selectOption({ label: to.name });
  // The demo's clients mostly have no phone, which the form requires.
  if ((await dialog.getByLabel('Телефон').inputValue()).replace(/\D/g, '').length < 6) {
    await dialog.getByLabel('Телефон').click();
    await dialog.getByLabel('Телефон').pressSequentially('671112233');
  }
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Успешно обновлен!')).toBeVisible();

  // The scenario made his reminder, with its checklist.
  const list = await get<{ data: Reminder[] }>(request, manager, `/client-reminders?client_id=${client.id}`);
  const made = list.data.find((r) => r.title === title);
  expect(made, 'the scenario made a reminder').toBeDefined();
  expect(made!.template_id).not.toBeNull();

  // On the dashboard (due today: in the last hour of the project's day it is due tomorrow) and on
  // the calendar's week.
  const dayIn = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });
  if (dayIn(new Date(made!.completion_date)) === dayIn(new Date())) {
    await page.goto('/');
    await expect(page.getByText(title).first()).toBeVisible();
    await saveShot(page, { path: `${SHOTS}/dashboard.png`, fullPage: true });
  }
  await page.goto('/calendar');
  await expectOnCalendar(page, title, made!.completion_date);

  // Noticed at once: the scheduler (every 30 s) tells the manager.
  await expect
    .poll(
      async () => {
        const { notifications } = await get<{ notifications: Notification[] }>(
          request,
          manager,
          `/api/v1/notifications?project_id=${manager.base.split('/').pop()}`,
        );
        return notifications.find((n) => n.data.client_reminder?.id === made!.id)?.type ?? null;
      },
      { timeout: 75_000, intervals: [2_000] },
    )
    .toBe('reminder_due');
  await page.reload();
  await page.getByRole('button', { name: /^Уведомления/ }).click();
  const panel = page.getByRole('dialog', { name: 'Уведомления на сегодня' });
  await panel.getByText(`Напоминание «${title}»`).click();
  await expect(page.getByRole('dialog').getByTestId('reminder-details-title')).toHaveText(title);
  await saveShot(page, { path: `${SHOTS}/opened-from-notification.png` });
  const after = await get<Reminder>(request, manager, `/client-reminders/${made!.id}`);
  // Not overdue: still to do, due in an hour from the move.
  expect(after.status).toBe('pending');
});
