import { expect, test, type APIRequestContext, type Page } from './test';
import {
  animationsDone,
  DEMO_MANAGER,
  demoApi,
  joinDemoProject,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
  saveShot,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/notifications`;

type StoredNotification = {
  id: number;
  type: string;
  message: string;
  read_at: string | null;
  data: { client_reminder: { id: number; title: string; completion_date: string } | null };
};

type Api = { headers: Record<string, string>; projectId: number };

const apiAs = async (request: APIRequestContext, email: string): Promise<Api> => {
  const { headers, projectId } = await demoApi(request, email);
  return { headers, projectId };
};

const stored = async (request: APIRequestContext, api: Api) => {
  const res = await request.get(`/api/v1/notifications?project_id=${api.projectId}`, {
    headers: api.headers,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { response: { notifications: StoredNotification[]; unread_count: number } })
    .response;
};

const unreadOnServer = async (request: APIRequestContext, api: Api) => {
  const res = await request.get(`/api/v1/notifications/unread-count?project_id=${api.projectId}`, {
    headers: api.headers,
  });
  return ((await res.json()) as { response: { unread_count: number } }).response.unread_count;
};

const bell = (page: Page) => page.getByRole('button', { name: /^Уведомления/ });
const badge = (page: Page) => page.getByTestId('unread-badge');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Уведомления на сегодня' });
const items = (page: Page) => panel(page).getByTestId('notification');

// One story on the demo manager's notifications: each step changes what the next one sees.
test.describe.configure({ mode: 'serial' });

test("a reminder's notification opens that reminder on the calendar of its day", async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_MANAGER.email);
  const { notifications } = await stored(request, api);
  const target = notifications.find((n) => n.data.client_reminder !== null && n.read_at === null);
  expect(target, 'the demo has an unread reminder notification').toBeDefined();
  const unread = await unreadOnServer(request, api);
  const reminder = target!.data.client_reminder!;
  const day = new Date(reminder.completion_date).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });

  await signInWithToken(page, request, DEMO_MANAGER.email);
  await expect(badge(page)).toHaveText(String(unread));
  await bell(page).click();
  await items(page).filter({ hasText: target!.message }).getByRole('button').first().click();

  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Календарь' })).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('reminder-details-title')).toHaveText(reminder.title);
  // The calendar shows the reminder's day (its week: the default view).
  await expect(page.getByTestId('calendar').locator(`[data-date="${day}"]`).first()).toBeVisible();
  // Opening it read it: on the server and on the badge.
  await expect
    .poll(async () => (await stored(request, api)).notifications.find((n) => n.id === target!.id)!.read_at)
    .not.toBeNull();
  await expect(badge(page)).toHaveText(String(unread - 1));
});

test('the badge shows the unread count, the panel lists them; one is marked read, then all', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_MANAGER.email);
  const before = await stored(request, api);
  expect(before.unread_count, 'the demo has unread notifications').toBeGreaterThan(1);

  await signInWithToken(page, request, DEMO_MANAGER.email);
  await expect(badge(page)).toHaveText(String(before.unread_count));
  await expect(bell(page)).toHaveAccessibleName(
    new RegExp(`^Уведомления: ${before.unread_count} непрочитанн`),
  );

  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  // Every notification of the list, newest first, with its message; unread ones look unread.
  await expect(items(page)).toHaveCount(before.notifications.length);
  for (const [i, n] of before.notifications.entries()) {
    await expect(items(page).nth(i)).toContainText(n.message);
    await expect(items(page).nth(i)).toHaveAttribute('data-unread', String(n.read_at === null));
  }
  await expect(panel(page).getByTestId('notifications-summary')).toHaveText(
    new RegExp(`^${before.unread_count} непрочитанн`),
  );
  await animationsDone(page); // the panel's slide-in
  await saveShot(page, { path: `${SHOTS}/panel.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // One read: the server stores it, the badge and the item follow.
  const firstUnread = before.notifications.findIndex((n) => n.read_at === null);
  const item = items(page).nth(firstUnread);
  await item.getByRole('button', { name: 'Отметить прочитанным' }).click();
  await expect(item).toHaveAttribute('data-unread', 'false');
  await expect(item.getByRole('button', { name: 'Отметить прочитанным' })).toHaveCount(0);
  await expect(badge(page)).toHaveText(String(before.unread_count - 1));
  expect(await unreadOnServer(request, api)).toBe(before.unread_count - 1);
  const afterOne = await stored(request, api);
  expect(
    afterOne.notifications.find((n) => n.id === before.notifications[firstUnread]!.id)!.read_at,
  ).not.toBeNull();

  // All read: no badge, nothing unread on the server.
  await panel(page).getByRole('button', { name: 'Прочитать все' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(panel(page).getByTestId('notifications-summary')).toHaveText('Все прочитаны');
  await expect(panel(page).locator('[data-unread="true"]')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Прочитать все' })).toHaveCount(0);
  expect(await unreadOnServer(request, api)).toBe(0);
  await expect(bell(page)).toHaveAccessibleName('Уведомления');
});

test('someone without notifications sees the empty panel and no badge; the panel on a phone', async ({
  page,
  request,
}) => {
  // An admin who has just joined: other specs' chats notify the demo's admins.
  const fresh = await joinDemoProject(request, 'admin', 'Новый Админ');
  const api = await apiAs(request, fresh);
  expect((await stored(request, api)).notifications).toHaveLength(0);
  await signInWithToken(page, request, fresh);
  await expect(bell(page)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  await bell(page).click();
  await expect(panel(page).getByText('Уведомлений на сегодня нет.')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Прочитать все' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // 390 px: the panel fills the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await bell(page).click();
  await expect(items(page).first()).toBeVisible();
  await expect.poll(async () => (await panel(page).boundingBox())?.width).toBe(390);
  await animationsDone(page);
  await saveShot(page, { path: `${SHOTS}/panel-390.png` });
});
