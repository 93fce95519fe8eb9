import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, workerPort, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  liveStreamReady,
  SCREENSHOTS,
  saveShot,
  seriousViolations,
  sidebar,
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

const column = (page: Page, name: string) =>
  page
    .getByTestId('board-column')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('a new client writes to the bot: he appears live in the chosen stage with his manager, in the inbox, and the answer reaches Telegram', async ({
  page,
  request,
}) => {
  const bot = testBot();
  const api = await demoApi(request, DEMO_ADMIN.email);
  const categories = (await (
    await request.get(`${api.base}/client-categories`, { headers: api.headers })
  ).json()) as {
    response: { id: number; name: string; outcome: string | null }[];
  };
  const stage = categories.response.filter((c) => c.outcome === null).at(-1)!;
  const members = (await (await request.get(`${api.base}/members`, { headers: api.headers })).json()) as {
    response: { id: number; name: string }[];
  };
  const manager = members.response.find((m) => m.name === DEMO_MANAGER.name)!;
  // The bot gives its new clients to the demo manager, in the pipeline's last open stage.
  const connected = await request.put(`${api.base}/telegram`, {
    headers: api.headers,
    data: { token: bot.token, category_id: stage.id, manager_rule: 'one', manager_id: manager.id },
  });
  expect(connected.status()).toBe(200);

  const managerApi = await demoApi(request, DEMO_MANAGER.email);
  const unreadBefore = (
    (await (
      await request.get(`${managerApi.base}/inbox/unread`, { headers: managerApi.headers })
    ).json()) as {
      response: { unread_total: number };
    }
  ).response.unread_total;
  const badgeOf = (count: number) => (count === 0 ? 0 : 1);
  await signInWithToken(page, request, DEMO_MANAGER.email, '/clients');
  await liveStreamReady(page);
  await expect(column(page, stage.name)).toBeVisible();

  // Telegram hands the server (which polls, having no public https address) a stranger's first message.
  const userId = Date.now() % 1_000_000_000;
  const name = `Светлана Телеграмова-${String(userId).slice(-5)}`;
  const queued = await request.post(`${bot.url}/test/updates/${bot.token}`, {
    data: {
      update_id: userId,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: userId, type: 'private' },
        from: {
          id: userId,
          is_bot: false,
          first_name: 'Светлана',
          last_name: name.split(' ')[1],
          username: 'sveta_tg',
        },
        text: 'Здравствуйте! Сколько стоит доставка в Казань?',
      },
    },
  });
  expect(queued.ok()).toBe(true);
  await expect(column(page, stage.name).getByRole('article', { name })).toBeVisible();
  const inboxLink = sidebar(page).getByRole('link', { name: /Входящие/ });
  await expect(inboxLink.getByTestId('menu-badge')).toContainText(`непрочитанных: ${unreadBefore + 1}`);

  await inboxLink.click();
  const thread = page.getByTestId('inbox-thread').filter({ hasText: name });
  await expect(thread).toBeVisible();
  await thread.click();
  const conversation = page.getByTestId('client-conversation');
  await expect(conversation.getByText('Здравствуйте! Сколько стоит доставка в Казань?')).toBeVisible();
  // Opened, it is read: the menu's badge is back to what it was.
  await expect(inboxLink.getByTestId('menu-badge')).toHaveCount(badgeOf(unreadBefore));
  if (unreadBefore > 0)
    await expect(inboxLink.getByTestId('menu-badge')).toContainText(`непрочитанных: ${unreadBefore}`);
  expect(await seriousViolations(page)).toEqual([]);

  await conversation.getByTestId('composer').fill('Добрый день! Доставка в Казань — 500 ₽, два дня.');
  await conversation.getByRole('button', { name: 'Отправить' }).click();
  const answer = conversation.getByTestId('client-message').filter({ hasText: 'Доставка в Казань — 500 ₽' });
  await expect(answer.getByTestId('message-state')).toHaveText('Отправлено');
  const calls = (await (
    await request.get(`${bot.url}/test/calls/${encodeURIComponent(bot.token)}`)
  ).json()) as {
    method: string;
    body: { chat_id: string; text: string };
  }[];
  expect(
    calls.filter((c) => c.method === 'sendMessage').map((c) => [c.body.chat_id, c.body.text]),
  ).toContainEqual([String(userId), 'Добрый день! Доставка в Казань — 500 ₽, два дня.']);
  // He sends a price list and a photo: both arrive live, the file to download, the photo shown.
  const addFile = async (bytes: Buffer) =>
    (
      (await (
        await request.post(`${bot.url}/test/files`, {
          data: bytes.toString('base64'),
          headers: { 'content-type': 'text/plain' },
        })
      ).json()) as { file_id: string }
    ).file_id;
  const priceList = Buffer.from('%PDF-1.4 прайс');
  // A 1×1 PNG.
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
    'base64',
  );
  const message = (id: number, content: object) => ({
    update_id: userId + id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: 'private' },
      from: { id: userId, is_bot: false, first_name: 'Светлана' },
      ...content,
    },
  });
  await request.post(`${bot.url}/test/updates/${bot.token}`, {
    data: message(2, {
      document: {
        file_id: await addFile(priceList),
        file_unique_id: 'p',
        file_name: 'Прайс.pdf',
        mime_type: 'application/pdf',
        file_size: priceList.length,
      },
    }),
  });
  await request.post(`${bot.url}/test/updates/${bot.token}`, {
    data: message(3, {
      photo: [
        { file_id: await addFile(pixel), file_unique_id: 'x', width: 1, height: 1, file_size: pixel.length },
      ],
      caption: 'Вот так выглядит',
    }),
  });
  const download = page.waitForEvent('download');
  await conversation.getByRole('button', { name: /Прайс\.pdf/ }).click();
  expect((await download).suggestedFilename()).toBe('Прайс.pdf');
  await expect(conversation.getByRole('img', { name: 'Фото: Вот так выглядит' })).toBeVisible();
  // She answers with a photo and its caption: Telegram gets it by sendPhoto, the page shows it sent.
  await conversation
    .getByTestId('composer-file-input')
    .setInputFiles({ name: 'схема.png', mimeType: 'image/png', buffer: pixel });
  await expect(conversation.getByTestId('composer-file')).toContainText('схема.png');
  await conversation.getByTestId('composer').fill('Схема проезда');
  await saveShot(page, { path: `${SHOTS}/composer-file-1440.png` });
  await conversation.getByRole('button', { name: 'Отправить' }).click();
  const photoAnswer = conversation.getByTestId('client-message').filter({ hasText: 'Фото: Схема проезда' });
  await expect(photoAnswer.getByTestId('message-state')).toHaveText('Отправлено');
  await expect(photoAnswer.getByRole('img', { name: 'Фото: Схема проезда' })).toBeVisible();
  await expect(conversation.getByTestId('composer-file')).toHaveCount(0);
  const sentPhotos = (
    (await (await request.get(`${bot.url}/test/calls/${encodeURIComponent(bot.token)}`)).json()) as {
      method: string;
      body: { chat_id: string; caption?: string; photo?: { file_name: string; size: number } };
    }[]
  ).filter((c) => c.method === 'sendPhoto');
  expect(
    sentPhotos.map((c) => [c.body.chat_id, c.body.caption, c.body.photo?.file_name, c.body.photo?.size]),
  ).toEqual([[String(userId), 'Схема проезда', 'схема.png', pixel.length]]);
  await saveShot(page, { path: `${SHOTS}/inbox-1440.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Все переписки' })).toBeVisible();
  await expect(page.getByTestId('client-message').first()).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/inbox-conversation-390.png` });
  // A file chosen on a phone, then taken away: nothing is sent.
  await page
    .getByTestId('composer-file-input')
    .setInputFiles({
      name: 'очень-длинное-имя-файла-с-прайсом-на-весь-следующий-год.pdf',
      mimeType: 'application/pdf',
      buffer: priceList,
    });
  await saveShot(page, { path: `${SHOTS}/composer-file-390.png` });
  await page.getByRole('button', { name: 'Убрать файл' }).click();
  await expect(page.getByTestId('composer-file')).toHaveCount(0);
  await page.getByRole('link', { name: 'Все переписки' }).click();
  await expect(thread).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/inbox-list-390.png` });

  // His page holds the same conversation.
  await page.setViewportSize({ width: 1440, height: 900 });
  const clientId = await thread.getAttribute('data-client-id');
  await page.goto(`/clients/${clientId}`);
  await expect(
    page.getByTestId('client-telegram').getByText('Доставка в Казань — 500 ₽', { exact: false }),
  ).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/client-page-1440.png`, fullPage: true });
  await request.delete(`${api.base}/telegram`, { headers: api.headers });
});
