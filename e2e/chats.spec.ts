import { expect, test, type APIRequestContext, type Browser, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
  saveShot,
  liveStreamReady,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/chats`;
const QUESTION_SENT = 'Ваш вопрос отправлен администратору, ответ вы можете посмотреть в разделе “Чат”!';

type Envelope<T> = { response: T };
type Field = { id: number; type: string };
type Category = { id: number; name: string };
type Message = { id: number; conversation_id: number; content: string };
type Conversation = { id: number; client_id: number; unread_count: number };

/** The demo project through the API, as one of its people. */
const apiAs = async (request: APIRequestContext, email: string) => {
  const { headers, projectId, base } = await demoApi(request, email);
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const res = await request[method](`${base}${path}`, { headers, data });
    expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as Envelope<T>).response;
  };
  const unreadNotifications = async () => {
    const res = await request.get(`/api/v1/notifications/unread-count?project_id=${projectId}`, { headers });
    return ((await res.json()) as Envelope<{ unread_count: number }>).response.unread_count;
  };
  return { projectId, call, unreadNotifications };
};
type Api = Awaited<ReturnType<typeof apiAs>>;

/** A client of the manager's, newest in the first column (the demo form asks for a phone). */
const createClient = async (manager: Api, lastName: string) => {
  const categories = await manager.call<Category[]>('get', '/client-categories');
  const fields = (await manager.call<{ fields: Field[] }[]>('get', '/form')).flatMap((g) => g.fields);
  const phone = fields.find((f) => f.type === 'phone_number')!;
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const client = await manager.call<{ id: number }>('post', '/clients', {
    name: 'Тимофей',
    last_name: lastName,
    category_id: categories[0]!.id,
    fields: [{ field_id: phone.id, value: `7901${digits}` }],
  });
  return { id: client.id, category: categories[0]!.name, name: `Тимофей ${lastName}` };
};

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();
const conversation = (page: Page, name: string) => page.getByTestId('conversation').filter({ hasText: name });
const messages = (page: Page) => page.getByTestId('message');
const composer = (page: Page) => page.getByTestId('composer');

/** A second person in his own browser context (his own tab, token and stream). */
const openAs = async (
  browser: Browser,
  request: APIRequestContext,
  email: string,
  viewport = { width: 1440, height: 900 },
) => {
  const context = await browser.newContext({ viewport, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  const page = await context.newPage();
  await signInWithToken(page, request, email);
  return { context, page };
};

/** A last name no other client has: Cyrillic letters only (a digit could match a phone in a search). */
const CYRILLIC = 'бвгджзклмнпрстфхцчшщ';
const uniqueName = () =>
  `Чатов${[...`${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`]
    .map((c) => CYRILLIC[parseInt(c, 36) % CYRILLIC.length])
    .join('')}`;

test.describe.configure({ mode: 'serial' });

test('a question goes from the client to the admins and the answer comes back live', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const managerApi = await apiAs(request, DEMO_MANAGER.email);
  const adminApi = await apiAs(request, DEMO_ADMIN.email);
  const client = await createClient(managerApi, uniqueName());

  // The admin waits on the chat page in his own browser.
  const admin = await openAs(browser, request, DEMO_ADMIN.email);
  await admin.page.goto('/admin-chat');
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Чат с менеджерами' })).toBeVisible();
  await expect(admin.page.getByTestId('conversations-loading')).toHaveCount(0);
  await liveStreamReady(admin.page);
  const bellBefore = await adminApi.unreadNotifications();

  // The manager asks from the client's panel.
  await signInWithToken(page, request, DEMO_MANAGER.email, '/clients');
  await page
    .getByRole('article', { name: client.name, exact: true })
    .getByRole('button', { name: client.name, exact: true })
    .click();
  const info = page.getByRole('dialog', { name: 'Информация о клиенте' });
  await info.getByRole('button', { name: 'Задать вопрос администратору' }).click();
  const modal = page.getByRole('dialog', { name: 'Задать вопрос администратору' });
  await expect(modal.getByText(client.name)).toBeVisible();
  const question = modal.getByLabel('Опишите ваш вопрос:');
  await expect(question).toHaveAttribute('placeholder', 'Кратко опишите ваш вопрос');
  // Its own height, as laid out: the box on screen is scaled while the modal opens.
  await expect(question).toHaveCSS('height', '190px');
  await expect(modal.getByRole('button', { name: 'Отправить' })).toBeDisabled();
  await question.fill('Клиент просит скидку 15%.\n<b>Это не HTML</b> — можно ли согласовать?');
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/ask-1440.png` });
  await modal.getByRole('button', { name: 'Отправить' }).click();
  await expect(toast(page, QUESTION_SENT)).toBeVisible();
  await expect(modal).toHaveCount(0);

  // The admin sees it arrive without a reload: the conversation, its preview, its unread mark, the bell.
  const adminItem = conversation(admin.page, client.name);
  await expect(adminItem).toBeVisible({ timeout: 5_000 });
  await expect(adminItem).toContainText(`Менеджер: ${DEMO_MANAGER.name}`);
  await expect(adminItem.getByTestId('conversation-preview')).toContainText('Клиент просит скидку 15%.');
  await expect(adminItem.getByTestId('conversation-unread')).toContainText('1');
  await expect(admin.page.getByTestId('admin-chat').getByTestId('conversation').first()).toContainText(
    client.name,
  );
  await expect(admin.page.getByTestId('unread-badge')).toHaveText(String(bellBefore + 1), { timeout: 5_000 });

  // The manager goes to his chat page and waits there.
  await page.goto('/admin-chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Чат с администратором' })).toBeVisible();
  const managerItem = conversation(page, client.name);
  await expect(managerItem.getByTestId('conversation-preview')).toContainText('Вы: Клиент просит скидку');
  await expect(managerItem.getByTestId('conversation-unread')).toHaveCount(0);

  // The admin opens it (read: the mark goes) and answers: Shift+Enter is a new line, Enter sends.
  await adminItem.click();
  await expect(admin.page).toHaveURL(/\/admin-chat\?conversation=\d+$/);
  const view = admin.page.getByTestId('conversation-view');
  await expect(view.getByRole('heading', { level: 2, name: client.name })).toBeVisible();
  await expect(messages(admin.page).last()).toContainText('<b>Это не HTML</b>');
  await expect(adminItem.getByTestId('conversation-unread')).toHaveCount(0);
  expect(await seriousViolations(admin.page)).toEqual([]);
  await composer(admin.page).click();
  await admin.page.keyboard.type('Да, согласую.');
  await admin.page.keyboard.press('Shift+Enter');
  await admin.page.keyboard.type('Оформите до пятницы.');
  await admin.page.keyboard.press('Enter');
  await expect(composer(admin.page)).toHaveValue('');
  await expect(messages(admin.page).last()).toContainText('Да, согласую.\nОформите до пятницы.');
  await expect(adminItem.getByTestId('conversation-preview')).toContainText('Вы: Да, согласую.');

  // The manager sees the answer arrive live, marked unread until he opens it.
  await expect(managerItem.getByTestId('conversation-preview')).toContainText('Да, согласую.', {
    timeout: 5_000,
  });
  await expect(managerItem.getByTestId('conversation-unread')).toContainText('1');
  // The menu's item counts it too, and loses the count once it is read.
  const menuBadge = page.getByTestId('sidebar').getByRole('link', { name: /Чат с администратором/ }).getByTestId('menu-badge');
  await expect(menuBadge).toContainText('1');
  await managerItem.click();
  await expect(messages(page).last()).toContainText('Оформите до пятницы.');
  await expect(managerItem.getByTestId('conversation-unread')).toHaveCount(0);
  await expect(menuBadge).toHaveCount(0);
  // Text with its line breaks, never markup.
  await expect(messages(page).first().locator('b')).toHaveCount(0);

  // With the conversation open on both sides, a reply shows at once on the other and stays read.
  await composer(page).fill('Спасибо!');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(messages(admin.page).last()).toContainText('Спасибо!', { timeout: 5_000 });
  await expect(adminItem.getByTestId('conversation-unread')).toHaveCount(0);
  await saveShot(admin.page, { path: `${SHOTS}/admin-chat-1440.png` });
  await saveShot(page, { path: `${SHOTS}/manager-chat-1440.png` });

  const stored = await managerApi.call<{ conversations: Conversation[] }>('get', '/conversations');
  expect(stored.conversations.find((c) => c.client_id === client.id)?.unread_count).toBe(0);
  await admin.context.close();
});

test('a manager starts a question from the chat page, choosing one of his clients', async ({
  page,
  request,
}) => {
  const managerApi = await apiAs(request, DEMO_MANAGER.email);
  const client = await createClient(managerApi, uniqueName());
  await signInWithToken(page, request, DEMO_MANAGER.email, '/admin-chat');
  await page.getByRole('button', { name: 'Задать вопрос' }).click();
  const modal = page.getByRole('dialog', { name: 'Задать вопрос администратору' });
  const picker = modal.getByRole('combobox', { name: 'Клиент' });
  await expect(picker).toBeFocused();
  // No client chosen: said under the box, nothing sent.
  await modal.getByLabel('Опишите ваш вопрос:').fill('Можно ли рассрочку?');
  await modal.getByRole('button', { name: 'Отправить' }).click();
  await expect(modal.getByText('Обязательное поле')).toBeVisible();
  await picker.fill(client.name.split(' ')[1]!);
  await modal.locator(`[role="option"][id$="-option-${client.id}"]`).click();
  await expect(modal.getByTestId('picked-client')).toHaveText(client.name);
  await expect(modal.getByText('Обязательное поле')).toHaveCount(0);
  await saveShot(page, { path: `${SHOTS}/ask-from-chat-1440.png` });
  await modal.getByRole('button', { name: 'Отправить' }).click();
  await expect(toast(page, QUESTION_SENT)).toBeVisible();
  // The conversation opens with the question in it.
  await expect(page).toHaveURL(/\/admin-chat\?conversation=\d+/);
  await expect(messages(page).last()).toContainText('Можно ли рассрочку?');
  await expect(conversation(page, client.name)).toBeVisible();
  // An admin has no such button: he answers.
  await signInWithToken(page, request, DEMO_ADMIN.email, '/admin-chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Чат с менеджерами' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Задать вопрос' })).toHaveCount(0);
});

test('older messages load on scroll up, each once and oldest first; a phone shows one pane at a time', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const managerApi = await apiAs(request, DEMO_MANAGER.email);
  const client = await createClient(managerApi, uniqueName());
  const opened = await managerApi.call<Conversation>('post', '/conversations', {
    client_id: client.id,
    content: 'Сообщение 1',
  });
  for (let i = 2; i <= 70; i += 1) {
    await managerApi.call<Message>('put', `/conversations/${opened.id}/message`, {
      content: `Сообщение ${i}`,
    });
  }

  await signInWithToken(page, request, DEMO_ADMIN.email, `/admin-chat?conversation=${opened.id}`);
  const list = page.getByTestId('messages');
  await expect(messages(page).last()).toHaveText(/Сообщение 70/);
  await expect(messages(page)).toHaveCount(30);
  // It opens at the bottom.
  expect(await list.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThan(5);

  // A new message meanwhile shifts the server's pages: the next page repeats one already shown.
  // Sent once the page's live stream listens, so that it hears it.
  await liveStreamReady(page);
  await managerApi.call<Message>('put', `/conversations/${opened.id}/message`, { content: 'Сообщение 71' });
  await expect(messages(page).last()).toHaveText(/Сообщение 71/, { timeout: 5_000 });

  const shownIds = async () =>
    await messages(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-message-id'))));
  for (let round = 0; round < 5 && (await messages(page).count()) < 71; round += 1) {
    const before = await messages(page).count();
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(() => messages(page).count()).toBeGreaterThan(before);
  }
  await expect(messages(page)).toHaveCount(71);
  const ids = await shownIds();
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  await expect(messages(page).first()).toHaveText(/Сообщение 1$/);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/many-1440.png` });

  // The admin's bell: the chat message's notification opens its conversation.
  await page.goto('/admin-chat');
  await page.getByRole('button', { name: /^Уведомления/ }).click();
  const panel = page.getByRole('dialog', { name: 'Уведомления на сегодня' });
  await panel
    .getByTestId('notification')
    .filter({ hasText: client.name })
    .first()
    .getByRole('button')
    .first()
    .click();
  await expect(page).toHaveURL(`/admin-chat?conversation=${opened.id}`);
  await expect(messages(page).last()).toHaveText(/Сообщение 71/);

  // A phone: the list and the chat are two screens, with a way back.
  const phone = await openAs(browser, request, DEMO_ADMIN.email, { width: 390, height: 844 });
  await phone.page.goto(`/admin-chat?conversation=${opened.id}`);
  await checkPhone(phone.page, client.name);
  await phone.context.close();
});

const checkPhone = async (page: Page, clientName: string) => {
  await expect(messages(page).last()).toHaveText(/Сообщение 71/);
  await expect(page.getByRole('link', { name: 'Все диалоги' })).toBeVisible();
  await expect(page.getByTestId('conversation')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveShot(page, { path: `${SHOTS}/chat-390.png` });
  await page.getByRole('link', { name: 'Все диалоги' }).click();
  await expect(conversation(page, clientName)).toBeVisible();
  await expect(page.getByTestId('conversation-view')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/list-390.png` });
};

/** A fake answer for the page's states, in the API's envelope. */
const ok = (response: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ success: true, response }),
});
const person = (id: number, name: string) => ({ id, name });
const fakeMessage = (id: number, conversationId: number, content: string, fromAdmin = false) => ({
  id,
  conversation_id: conversationId,
  content,
  author: fromAdmin ? person(1, DEMO_ADMIN.name) : person(3, DEMO_MANAGER.name),
  from_admin: fromAdmin,
  created_at: new Date(Date.now() - (100 - id) * 3_600_000).toISOString(),
});
const fakeConversation = (id: number, lastName: string, content: string, unread = 0) => ({
  id,
  client_id: id,
  client: { id, name: 'Клиент', last_name: lastName },
  manager: person(3, DEMO_MANAGER.name),
  latest_message: fakeMessage(id, id, content),
  unread_count: unread,
  created_at: new Date().toISOString(),
});

test('the chat page designs its states: loading, failure, empty, many conversations and long text', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInWithToken(page, request, DEMO_ADMIN.email);
  const list = '**/api/v1/projects/*/conversations';

  // Loading: skeletons shaped like the list.
  // The first answer waits until released; then every try (the one retry of a 500 too) fails.
  let released = false;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = () => ((released = true), resolve())));
  await page.route(list, async (route) => {
    if (!released) await held;
    await route.fulfill({ status: 500, body: '{}' });
  });
  await page.goto('/admin-chat');
  await expect(page.getByTestId('conversations-loading')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/state-loading-1440.png` });

  // Failure: what did not load and 'Повторить'.
  release();
  await expect(page.getByText('Не удалось загрузить диалоги.')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/state-error-1440.png` });

  // Empty.
  await page.unroute(list);
  await page.route(list, (route) =>
    route.fulfill(ok({ conversations: [], unread_total: 0, truncated: false })),
  );
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByText(/Вопросов от менеджеров пока нет/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/state-empty-1440.png` });

  // Many conversations, a long name and a long unbroken text: the list scrolls, nothing spills.
  const longName = 'Константинопольский-Тихорецкий'.repeat(3);
  const longText = `${'Оченьдлинноесловобезпробелов'.repeat(40)}\n${'Обычный текст, который переносится по словам. '.repeat(30)}`;
  const many = [
    fakeConversation(500, longName, longText, 12),
    ...Array.from({ length: 39 }, (_, i) =>
      fakeConversation(499 - i, `Фамилия${i}`, `Вопрос номер ${i}`, i % 3),
    ),
  ];
  await page.unroute(list);
  await page.route(list, (route) =>
    route.fulfill(ok({ conversations: many, unread_total: 60, truncated: true })),
  );
  await page.route('**/api/v1/projects/*/conversations/500/message*', (route) =>
    route.fulfill(
      ok({
        messages: {
          data: [
            fakeMessage(1, 500, 'Короткий вопрос', false),
            fakeMessage(2, 500, longText, true),
            fakeMessage(3, 500, longText),
          ],
          current_page: 1,
          last_page: 1,
          per_page: 30,
          total: 3,
        },
      }),
    ),
  );
  await page.route('**/api/v1/projects/*/conversations/500/read', (route) =>
    route.fulfill(ok({ unread_total: 48 })),
  );
  await page.goto('/admin-chat?conversation=500');
  await expect(messages(page)).toHaveCount(3);
  await expect(page.getByText('Показаны диалоги с последними сообщениями.')).toBeAttached();
  const pane = page.getByTestId('messages');
  expect(await pane.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/state-long-1440.png` });

  const phone = await openAs(browser, request, DEMO_ADMIN.email, { width: 390, height: 844 });
  await phone.page.route(list, (route) =>
    route.fulfill(ok({ conversations: many, unread_total: 60, truncated: true })),
  );
  await phone.page.goto('/admin-chat');
  await expect(phone.page.getByTestId('conversation')).toHaveCount(40);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveShot(phone.page, { path: `${SHOTS}/state-many-390.png` });

  // The send-question modal on a phone: a full-screen sheet.
  await phone.page.goto('/clients');
  const first = phone.page.getByRole('article').first();
  await first
    .getByRole('button', { name: (await first.getAttribute('aria-label')) ?? '', exact: true })
    .click();
  await phone.page
    .getByRole('dialog', { name: 'Информация о клиенте' })
    .getByRole('button', { name: 'Задать вопрос администратору' })
    .click();
  const modal = phone.page.getByRole('dialog', { name: 'Задать вопрос администратору' });
  await expect(modal.getByLabel('Опишите ваш вопрос:')).toBeVisible();
  expect(await seriousViolations(phone.page)).toEqual([]);
  await saveShot(phone.page, { path: `${SHOTS}/ask-390.png` });
  await phone.context.close();
});
