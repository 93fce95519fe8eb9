import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, workerPort } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  SCREENSHOTS,
  saveShot,
  seriousViolations,
  signInWithToken,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/telegram`;

/** The bot this worker's test Bot API server knows, and that server's address (e2e/start-server.ts). */
const testBot = () =>
  JSON.parse(
    readFileSync(
      fileURLToPath(
        new URL(`./.data/${workerPort(test.info().parallelIndex)}/telegram.json`, import.meta.url),
      ),
      'utf8',
    ),
  ) as { token: string; username: string; url: string };

type Call = { method: string; body: { chat_id: string; text: string } };

test("a manager links his Telegram from his profile by the one-time link, and his reminder's notice arrives there with the client's page", async ({
  page,
  request,
}) => {
  // The reminders' job passes every 30 s on the server's own clock.
  test.setTimeout(120_000);
  const bot = testBot();
  const admin = await demoApi(request, DEMO_ADMIN.email);
  const manager = await demoApi(request, DEMO_MANAGER.email);
  // The project's bot, connected afresh (the server polls: APP_URL is http).
  await request.delete(`${admin.base}/telegram`, { headers: admin.headers });
  expect(
    (
      await request.put(`${admin.base}/telegram`, { headers: admin.headers, data: { token: bot.token } })
    ).status(),
  ).toBe(200);
  await request.delete(`${manager.base}/telegram/link`, { headers: manager.headers });
  const sentTo = async (chatId: number) =>
    ((await (await request.get(`${bot.url}/test/calls/${encodeURIComponent(bot.token)}`)).json()) as Call[])
      .filter((c) => c.method === 'sendMessage' && c.body.chat_id === String(chatId))
      .map((c) => c.body.text);

  await signInWithToken(page, request, DEMO_MANAGER.email, '/');
  await page.getByRole('button', { name: /Аккаунт/ }).click();
  await page.getByRole('link', { name: 'Профиль' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  const card = page.getByTestId('profile-telegram');
  await card.getByRole('button', { name: 'Подключить Telegram' }).click();
  const open = card.getByTestId('telegram-link-url');
  await expect(open).toHaveAttribute('target', '_blank');
  const url = new URL((await open.getAttribute('href'))!);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${bot.username}`);
  const code = url.searchParams.get('start')!;
  expect(code.length).toBeLessThanOrEqual(64);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/profile-link-1440.png` });

  // In Telegram he presses 'Запустить': the bot gets `/start <code>`, and the page notices.
  const chatId = (Date.now() % 1_000_000_000) + 7;
  const queued = await request.post(`${bot.url}/test/updates/${bot.token}`, {
    data: {
      update_id: chatId,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, is_bot: false, first_name: 'Мария', username: 'maria_manager' },
        text: `/start ${code}`,
      },
    },
  });
  expect(queued.ok()).toBe(true);
  const linked = card.getByTestId('telegram-linked');
  await expect(linked).toContainText('@maria_manager', { timeout: 15_000 });
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Telegram подключён' })).toBeVisible();
  await expect.poll(() => sentTo(chatId)).toEqual(['Готово: уведомления CRM будут приходить сюда']);
  await saveShot(page, { path: `${SHOTS}/profile-linked-1440.png` });

  // A reminder of his whose notice moment comes in seconds: the reminders' job's next pass tells him, in Telegram too.
  const form = (await (await request.get(`${manager.base}/form`, { headers: manager.headers })).json()) as {
    response: { fields: { id: number; type: string }[] }[];
  };
  const phone = form.response.flatMap((g) => g.fields).find((f) => f.type === 'phone_number')!;
  const categories = (await (
    await request.get(`${manager.base}/client-categories`, { headers: manager.headers })
  ).json()) as {
    response: { id: number }[];
  };
  const last = `Телеграмов${Date.now().toString(36).replace(/\d/g, 'ж')}`;
  const created = await request.post(`${manager.base}/clients`, {
    headers: manager.headers,
    data: {
      name: 'Олег',
      last_name: last,
      amount: 1000,
      category_id: categories.response[0]!.id,
      fields: [
        { field_id: phone.id, value: `7900${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const client = ((await created.json()) as { response: { id: number } }).response;
  const reminder = await request.post(`${manager.base}/clients/${client.id}/reminders`, {
    headers: manager.headers,
    data: {
      title: 'Перезвонить по Telegram',
      completion_date: new Date(Date.now() + 70_000).toISOString(),
      remind_before: 1,
    },
  });
  expect(reminder.status(), await reminder.text()).toBe(201);
  await expect
    .poll(async () => (await sentTo(chatId)).find((text) => text.includes('Перезвонить по Telegram')), {
      timeout: 60_000,
      intervals: [1_000],
    })
    .toMatch(
      new RegExp(
        `^Напоминание «Перезвонить по Telegram»: клиент Олег ${last}, срок .+\\nhttp://localhost:\\d+/clients/${client.id}$`,
      ),
    );

  // The admin sees who is linked in the team.
  await page.context().clearCookies();
  await signInWithToken(page, request, DEMO_ADMIN.email, '/managers');
  const row = page.getByTestId('team-row').filter({ hasText: DEMO_MANAGER.name });
  await expect(row.getByTestId('member-telegram')).toBeVisible();
  await expect(
    page.getByTestId('team-row').filter({ hasText: DEMO_ADMIN.name }).getByTestId('member-telegram'),
  ).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // He unlinks (asked first): the profile offers the link again.
  await page.context().clearCookies();
  await signInWithToken(page, request, DEMO_MANAGER.email, '/profile');
  await linked.getByRole('button', { name: 'Отключить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Да, отключить' }).click();
  await expect(card.getByRole('button', { name: 'Подключить Telegram' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card.getByRole('button', { name: 'Подключить Telegram' })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/profile-390.png`, fullPage: true });
  await request.delete(`${admin.base}/telegram`, { headers: admin.headers });
});
