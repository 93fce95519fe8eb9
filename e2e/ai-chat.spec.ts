import { expect, test, type APIRequestContext, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
  saveShot,
} from './fixtures';

// The e2e server talks to a local OpenAI-compatible model (e2e/start-server.ts): its reply comes
// in pieces 150 ms apart; a message with 'подробно' gets a reply that takes about 20 s.
const SHOTS = process.env.AI_SHOTS ?? `${SCREENSHOTS}/ai`;
const DEMO_PROMPT = 'Подготовка к разговору с клиентом';
const SHORT_REPLY = 'Здравствуйте! Вот короткий ответ модели.\nВторая строка.';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();
const groupCard = (page: Page, name: string) =>
  page.locator(`[data-testid="ai-group"][data-group="${name}"]`);
const dialog = (page: Page) => page.getByRole('dialog');
const composer = (page: Page) => page.getByLabel('Сообщение', { exact: true });
const lastReply = (page: Page) => page.getByTestId('ai-reply').last();

type Api = { headers: Record<string, string>; base: string };

const apiAs = async (request: APIRequestContext, email: string): Promise<Api> => {
  const { headers, base } = await demoApi(request, email);
  return { headers, base };
};

const get = async <T>(request: APIRequestContext, api: Api, path: string): Promise<T> => {
  const res = await request.get(`${api.base}${path}`, { headers: api.headers });
  expect(res.status(), `GET ${path}`).toBe(200);
  return ((await res.json()) as { response: T }).response;
};

/** Starts a chat from the demo prompt through the form: every answer filled. */
const startDemoChat = async (page: Page) => {
  await page.goto('/gpt-chat?chat=new');
  const form = page.getByTestId('ai-new-chat');
  await form.getByLabel('Промпт').selectOption({ label: DEMO_PROMPT });
  await form
    .getByLabel('Как зовут клиента и чем занимается его компания?')
    .fill('Анна Петрова, сеть кофеен «Зерно»');
  await form.getByLabel('На каком этапе сделка?').selectOption('Презентация');
  await form.getByLabel('Что беспокоит клиента?').fill('Дорого.\nХочет скидку.');
  await form.getByRole('button', { name: 'Начать чат' }).click();
  await expect(page).toHaveURL(/\?chat=\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: DEMO_PROMPT })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('chat'));
};

const send = async (page: Page, text: string) => {
  await composer(page).fill(text);
  await composer(page).press('Enter');
};

test('AI вопросы: an admin builds a group, questions and a prompt; a manager starts a chat from it and the reply streams in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const groupName = `Группа ${stamp}`;
  const textQuestion = `Что вы продаёте ${stamp}?`;
  const selectQuestion = `Кто клиент ${stamp}?`;
  const promptName = `Промпт ${stamp}`;
  const admin = await apiAs(request, DEMO_ADMIN.email);

  await signInWithToken(page, request, DEMO_ADMIN.email, '/initial-questions');
  await expect(page.getByRole('heading', { level: 1, name: 'AI вопросы' })).toBeVisible();
  await expect(groupCard(page, 'Продажи')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The group: 'Добавить' waits for a name.
  await page.getByRole('button', { name: 'Добавить группу' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Новая группа вопросов' })).toBeVisible();
  const addGroup = dialog(page).getByRole('button', { name: 'Добавить' });
  await expect(addGroup).toBeDisabled();
  await dialog(page).getByLabel('Название группы').fill('   ');
  await expect(addGroup).toBeDisabled();
  await dialog(page).getByLabel('Название группы').fill(groupName);
  await addGroup.click();
  await expect(toast(page, 'Группа создана!')).toBeVisible();
  const card = groupCard(page, groupName);
  await expect(card).toBeVisible();
  // A prompt is built from questions: none yet.
  await expect(card.getByRole('button', { name: 'Добавить промпт' })).toBeDisabled();

  // A text question: saved once the question and its prompt are there.
  await card.getByRole('button', { name: 'Добавить вопрос' }).click();
  // The submit button is the last 'Добавить' (a select's options have their own).
  const save = dialog(page).getByRole('button', { name: 'Добавить', exact: true }).last();
  await expect(save).toBeDisabled();
  await dialog(page).getByRole('textbox', { name: 'Вопрос', exact: true }).fill(textQuestion);
  await expect(save).toBeDisabled();
  await dialog(page).getByLabel('Промпт').fill('Компания продаёт:');
  await expect(save).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await save.click();
  await expect(toast(page, 'Вопрос создан!')).toBeVisible();
  await expect(card.getByTestId('ai-question-text')).toHaveText([textQuestion]);

  // A select: no save without an option; an option is added only with its text.
  await card.getByRole('button', { name: 'Добавить вопрос' }).click();
  await dialog(page).getByLabel('Тип вопроса').selectOption('select');
  await dialog(page).getByRole('textbox', { name: 'Вопрос', exact: true }).fill(selectQuestion);
  await dialog(page).getByLabel('Промпт').fill('Клиент компании:');
  await expect(save).toBeDisabled();
  const option = dialog(page).getByLabel('Варианты ответа');
  const addOption = dialog(page).getByRole('button', { name: 'Добавить', exact: true }).first();
  await expect(addOption).toBeDisabled();
  await option.fill('Бизнес');
  await option.press('Enter');
  await option.fill('Частное лицо');
  await addOption.click();
  await option.fill('бизнес');
  await option.press('Enter');
  await expect(dialog(page).getByText('Такой вариант уже есть')).toBeVisible();
  await expect(dialog(page).getByTestId('question-option')).toHaveText(['Бизнес', 'Частное лицо']);
  await option.fill('');
  await expect(save).toBeEnabled();
  await saveShot(page, { path: `${SHOTS}/question-modal.png` });
  await save.click();
  await expect(toast(page, 'Вопрос создан!')).toBeVisible();
  await expect(card.getByTestId('ai-question-text')).toHaveText([textQuestion, selectQuestion]);

  // Editing a question.
  await card.getByRole('button', { name: `Редактировать вопрос «${textQuestion}»` }).click();
  await dialog(page).getByLabel('Описание').fill('Коротко: товар или услуга');
  await dialog(page).getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Вопрос обновлен!')).toBeVisible();
  await expect(card.getByText('Коротко: товар или услуга')).toBeVisible();

  // The prompt: two lists; the added ones keep their order (the arrows move them).
  await card.getByRole('button', { name: 'Добавить промпт' }).click();
  const create = dialog(page).getByRole('button', { name: 'Создать' });
  await expect(create).toBeDisabled();
  await dialog(page).getByLabel('Название промпта').fill(promptName);
  await expect(create).toBeDisabled();
  await dialog(page)
    .getByRole('button', { name: `Добавить вопрос «${textQuestion}»` })
    .click();
  await dialog(page)
    .getByRole('button', { name: `Добавить вопрос «${selectQuestion}»` })
    .click();
  await expect(dialog(page).getByTestId('prompt-available')).toHaveCount(0);
  await dialog(page)
    .getByRole('button', { name: `Поднять вопрос «${selectQuestion}»` })
    .click();
  await expect(dialog(page).getByTestId('prompt-added').getByRole('listitem')).toHaveText([
    new RegExp(selectQuestion.replace('?', '\\?')),
    new RegExp(textQuestion.replace('?', '\\?')),
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/prompt-modal.png` });
  await create.click();
  await expect(toast(page, 'Промпт создан!')).toBeVisible();
  await expect(card.getByTestId('ai-prompt-name')).toHaveText([promptName]);

  const prompts = await get<{ name: string; questions: number[] }[]>(request, admin, '/ai-chats/prompts');
  const groups = await get<{ name: string; questions: { id: number; question: string }[] }[]>(
    request,
    admin,
    '/ai-chats/initial-questions',
  );
  const mine = groups.find((g) => g.name === groupName)!;
  const idOf = (text: string) => mine.questions.find((q) => q.question === text)!.id;
  expect(prompts.find((p) => p.name === promptName)?.questions).toEqual([
    idOf(selectQuestion),
    idOf(textQuestion),
  ]);

  // Renaming the prompt and the group.
  await card.getByRole('button', { name: `Редактировать промпт «${promptName}»` }).click();
  await dialog(page)
    .getByRole('button', { name: `Убрать вопрос «${textQuestion}»` })
    .click();
  await dialog(page).getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Промпт обновлен!')).toBeVisible();
  await dialog(page).waitFor({ state: 'detached' });
  await card.getByRole('button', { name: `Редактировать промпт «${promptName}»` }).click();
  await dialog(page)
    .getByRole('button', { name: `Добавить вопрос «${textQuestion}»` })
    .click();
  await dialog(page).getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Промпт обновлен!').last()).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/initial-questions.png`, fullPage: true });

  // A manager starts a chat from the new prompt.
  await page.evaluate(() => localStorage.clear());
  await signInWithToken(page, request, DEMO_MANAGER.email, '/gpt-chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Чат с GPT' })).toBeVisible();
  const form = page.getByTestId('ai-new-chat');
  await form.getByLabel('Промпт').selectOption({ label: promptName });
  // Its questions in the prompt's order: the select first.
  await expect(form.getByRole('combobox').nth(1)).toHaveAccessibleName(selectQuestion);
  await expect(form.getByLabel(textQuestion)).toHaveAccessibleDescription('Коротко: товар или услуга');
  await form.getByRole('button', { name: 'Начать чат' }).click();
  await expect(form.getByText('Обязательное поле')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByLabel(selectQuestion).selectOption('Бизнес');
  await form.getByLabel(textQuestion).fill('CRM для отделов продаж');
  await saveShot(page, { path: `${SHOTS}/new-chat.png` });
  await form.getByRole('button', { name: 'Начать чат' }).click();
  await expect(page).toHaveURL(/\?chat=\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: promptName })).toBeVisible();

  // Shift+Enter is a new line; Enter sends.
  await composer(page).fill('Как начать разговор?');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('Коротко.');
  await expect(composer(page)).toHaveValue('Как начать разговор?\nКоротко.');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(page.getByTestId('ai-user-message').last()).toContainText('Как начать разговор?\nКоротко.');

  // The reply arrives piece by piece: part of it shows while the rest is still coming.
  const reply = lastReply(page);
  await expect(reply).toContainText('Здравствуйте!');
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await expect(page.getByTestId('ai-stop')).toBeVisible();
  expect(await reply.innerText()).not.toContain('Вторая строка.');
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 10_000 });
  await expect(reply.locator('p')).toHaveText(SHORT_REPLY);
  // Plain text with its line break kept.
  expect(await reply.locator('p').evaluate((p) => getComputedStyle(p).whiteSpace)).toBe('pre-wrap');
  await expect(page.getByTestId('ai-stop')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/chat.png` });

  // After a reload the chat is listed, its messages kept.
  await page.reload();
  await expect(page.getByTestId('ai-chat-link').filter({ hasText: promptName })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(lastReply(page).locator('p')).toHaveText(SHORT_REPLY);
  await expect(page.getByTestId('ai-user-message').locator('p')).toHaveText([
    'Как начать разговор?\nКоротко.',
  ]);

  // The admin deletes what he built: a question, then the group.
  await page.evaluate(() => localStorage.clear());
  await signInWithToken(page, request, DEMO_ADMIN.email, '/initial-questions');
  await card.getByRole('button', { name: `Удалить вопрос «${textQuestion}»` }).click();
  await expect(dialog(page)).toContainText(`Удалить вопрос «${textQuestion}»?`);
  await dialog(page).getByRole('button', { name: 'Да, удалить' }).click();
  await expect(toast(page, 'Вопрос удален!')).toBeVisible();
  await expect(card.getByTestId('ai-question-text')).toHaveText([selectQuestion]);
  await card.getByRole('button', { name: 'Переименовать группу' }).click();
  await dialog(page).getByLabel('Название группы').fill(`${groupName} 2`);
  await dialog(page).getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Группа обновлена!')).toBeVisible();
  const renamed = groupCard(page, `${groupName} 2`);
  await renamed.getByRole('button', { name: `Удалить группу «${groupName} 2»` }).click();
  await dialog(page).getByRole('button', { name: 'Да, удалить' }).click();
  await expect(toast(page, 'Группа удалена!')).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test('Остановить: the reply stops where it is, is kept marked as stopped, and the chat goes on', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await startDemoChat(page);

  await send(page, 'Расскажи подробно, как ответить на возражение «дорого»');
  const reply = lastReply(page);
  await expect(reply).toContainText('слово3');
  await page.getByTestId('ai-stop').click();
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(reply.getByTestId('ai-reply-status')).toHaveText('Ответ остановлен');
  const kept = await reply.locator('p').innerText();
  expect(kept).not.toContain('слово100');
  await saveShot(page, { path: `${SHOTS}/stopped.png` });

  // The server kept what had arrived, as stopped.
  await page.reload();
  await expect(lastReply(page)).toHaveAttribute('data-status', 'stopped');
  await expect(lastReply(page).getByTestId('ai-reply-status')).toHaveText('Ответ остановлен');
  expect(kept.startsWith((await lastReply(page).locator('p').innerText()).slice(0, 20))).toBe(true);

  // The next message is answered in full.
  await send(page, 'Спасибо');
  await expect(lastReply(page)).toHaveAttribute('data-status', 'complete', { timeout: 10_000 });
  await expect(lastReply(page).locator('p')).toHaveText(SHORT_REPLY);
});

test('errors: the unconfigured chat says so in a banner; a failed model and a broken reply say so in the chat', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_MANAGER.email);
  const chatId = await startDemoChat(page);
  const url = `**/api/v1/projects/*/ai-chats/${chatId}/messages`;
  const answer = (status: number, message: string) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ success: false, message }),
  });

  // 504 from the model: the message in the chat, the text back in the composer.
  await page.route(url, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill(answer(504, 'Модель не ответила вовремя: попробуйте ещё раз'))
      : route.fallback(),
  );
  await send(page, 'Первый вопрос');
  await expect(page.getByTestId('ai-chat-notice')).toHaveText(
    'Модель не ответила вовремя: попробуйте ещё раз',
  );
  await expect(composer(page)).toHaveValue('Первый вопрос');
  await page.unroute(url);

  // The model fails mid-way: the partial reply stays, marked, with the error under it.
  const lines = [
    {
      type: 'user_message',
      message: {
        id: 9001,
        role: 'user',
        content: 'Второй вопрос',
        status: 'complete',
        created_at: new Date().toISOString(),
      },
    },
    { type: 'delta', content: 'Начало ответа' },
    {
      type: 'error',
      message: 'Модель не ответила: попробуйте ещё раз позже',
      reply: {
        id: 9002,
        role: 'assistant',
        content: 'Начало ответа',
        status: 'failed',
        created_at: new Date().toISOString(),
      },
    },
  ];
  await page.route(url, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 200,
          contentType: 'application/x-ndjson',
          body: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
        })
      : route.fallback(),
  );
  await send(page, 'Второй вопрос');
  await expect(lastReply(page)).toHaveAttribute('data-status', 'failed');
  await expect(lastReply(page).getByTestId('ai-reply-status')).toHaveText('Ответ прерван');
  await expect(page.getByTestId('ai-chat-notice')).toHaveText('Модель не ответила: попробуйте ещё раз позже');
  await page.unroute(url);

  // Not configured: a banner over the page, the composer off.
  await page.route(url, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill(answer(503, 'AI-чат не подключён, обратитесь к администратору'))
      : route.fallback(),
  );
  await send(page, 'Третий вопрос');
  // A manager is told whom to ask, in plain words.
  await expect(page.getByTestId('ai-not-configured')).toContainText(
    'AI-чат не подключён, обратитесь к администратору',
  );
  await expect(page.getByTestId('ai-not-configured')).not.toContainText('OPENAI');
  await expect(composer(page)).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/not-configured.png` });
});

test('an admin of a project without a model is told what to do, without technical words to a manager', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  await page.route('**/api/v1/projects/*/ai-chats/config', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, response: { configured: false } }),
    }),
  );
  await page.goto('/gpt-chat');
  const banner = page.getByTestId('ai-not-configured');
  await expect(banner).toContainText('тот, кто обслуживает сервер CRM, указывает ключ языковой модели');
  await expect(banner).toContainText('OPENAI_API_KEY');
});

test('a phone: the list of chats is a screen of its own, the chat takes the whole width', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await startDemoChat(page);
  await send(page, 'Привет');
  await expect(lastReply(page)).toHaveAttribute('data-status', 'complete', { timeout: 10_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gpt-chat');
  const links = page.getByTestId('ai-chat-link');
  await expect(links.first()).toBeVisible();
  await expect(page.getByTestId('ai-chat')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/phone-list.png`, fullPage: true });

  await links.first().click();
  const chat = page.getByTestId('ai-chat');
  await expect(chat).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Чаты с GPT' })).toHaveCount(0);
  const width = (await chat.boundingBox())!.width;
  expect(width).toBeGreaterThan(340);
  await expect(composer(page)).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/phone-chat.png` });

  await chat.getByRole('button', { name: 'Чаты' }).click();
  await expect(links.first()).toBeVisible();
  await page.getByRole('button', { name: 'Новый чат' }).click();
  await expect(page.getByTestId('ai-new-chat')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/phone-new.png`, fullPage: true });
});
