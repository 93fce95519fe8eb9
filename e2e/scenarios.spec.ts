import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  box,
  DEMO_ADMIN,
  demoApi,
  keyboardDrag,
  saveShot,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/scenarios`;

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();
const group = (page: Page, name: string) =>
  page.locator(`[data-testid="scenario-group"][data-group="${name}"]`);
const card = (scope: Locator, title: string) =>
  scope
    .getByTestId('scenario-card')
    .filter({ has: scope.page().getByTestId('scenario-title').getByText(title, { exact: true }) });
const titles = (scope: Locator) => scope.getByTestId('scenario-title').allInnerTexts();

type Api = { headers: Record<string, string>; base: string };

/** The admin's token and the demo project's API base, to prepare data and read what the page stored. */
const apiAs = async (request: APIRequestContext, email: string): Promise<Api> => {
  const { headers, base } = await demoApi(request, email);
  return { headers, base };
};

const get = async <T>(request: APIRequestContext, api: Api, path: string): Promise<T> => {
  const res = await request.get(`${api.base}${path}`, { headers: api.headers });
  expect(res.status(), `GET ${path}`).toBe(200);
  return ((await res.json()) as { response: T }).response;
};

const send = async <T>(
  request: APIRequestContext,
  api: Api,
  method: 'post' | 'put',
  path: string,
  data: unknown,
) => {
  const res = await request[method](`${api.base}${path}`, { headers: api.headers, data });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { response: T }).response;
};

type StoredScenario = {
  id: number;
  title: string;
  event_type: string;
  event_id: number;
  description: string;
  schedule_for: number;
  remind_before: number;
  tasks: string[];
  knowledge_base_posts: { id: number; title: string }[];
  order: number;
};
type Category = { id: number; name: string };

const storedScenarios = (request: APIRequestContext, api: Api) =>
  get<StoredScenario[]>(request, api, '/client-reminder-templates');

/** The titles of one category's scenarios in their stored order. */
const storedOrder = async (request: APIRequestContext, api: Api, categoryId: number) =>
  (await storedScenarios(request, api))
    .filter((s) => s.event_type === 'client_category_changed' && s.event_id === categoryId)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.title);

const hint = (text: string) => JSON.stringify([{ type: 'paragraph', children: [{ text }] }]);

/**
 * Moves the card of `from` onto the place of `to` with the keyboard: Space on the handle, the
 * arrows (25 px a press) along the way between the two cards, Space again.
 */
const keyboardMove = async (page: Page, scope: Locator, from: string, to: string) => {
  const handle = card(scope, from).getByRole('button', { name: `Переместить сценарий «${from}»` });
  const start = await box(card(scope, from));
  const end = await box(card(scope, to));
  const dx = Math.round((end!.x - start!.x) / 25);
  const dy = Math.round((end!.y - start!.y) / 25);
  await keyboardDrag(
    page,
    handle,
    [
      ...Array<string>(Math.abs(dx)).fill(dx < 0 ? 'ArrowLeft' : 'ArrowRight'),
      ...Array<string>(Math.abs(dy)).fill(dy < 0 ? 'ArrowUp' : 'ArrowDown'),
    ],
    to,
  );
};

test('scenarios: create one with a checklist and an article, read it, edit it, reorder it, and it makes a reminder', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const titleA = `Сценарий ${stamp}`;
  const titleB = `Второй ${stamp}`;
  const article = `Статья для сценария ${stamp}`;
  const api = await apiAs(request, DEMO_ADMIN.email);

  // A demo category nobody moves clients out of by time, and an article of our own for the picker.
  const categories = await get<(Category & { duration: number })[]>(request, api, '/client-categories');
  const target = categories.find((c) => c.name === 'Презентация')!;
  const source = categories.find((c) => c.name === 'Новые заявки')!;
  const topics = await get<{ id: number }[]>(request, api, '/knowledge-base/categories');
  const post = await send<{ id: number }>(
    request,
    api,
    'post',
    `/knowledge-base/categories/${topics[0]!.id}/posts`,
    {
      title: article,
      content: '',
    },
  );

  await signInWithToken(page, request, DEMO_ADMIN.email, '/auto-reminders');
  await expect(page.getByRole('heading', { level: 1, name: 'Авто-напоминания' })).toBeVisible();
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/page.png`, fullPage: true });

  // The modal: every required field says so; nothing is sent.
  await page.getByRole('button', { name: 'Добавить авто-напоминание', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Новое авто-напоминание' });
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Добавить', exact: true }).click();
  // Title, event, hours, minutes and the hint (the event field waits for the event).
  await expect(create.getByText('Обязательное поле')).toHaveCount(5);
  for (const label of [/^Название/, /^Событие/, /^Через сколько часов/, /^Напомнить за, минут/]) {
    await expect(create.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(create.getByLabel(/^Название/)).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await create.getByLabel(/^Название/).fill(titleA);
  await create.getByLabel(/^Событие/).selectOption({ label: 'Категория клиента изменена' });
  // A stage whose clients move on by themselves (after 168 h) before a reminder due in 200 h:
  // the modal warns that it would always be skipped.
  await create.getByLabel(/^Категория/).selectOption({ label: 'Пробный период' });
  await create.getByLabel(/^Через сколько часов/).fill('200');
  await expect(create.getByTestId('scenario-skipped-warning')).toHaveText(
    'Клиенты сами уходят из «Пробный период» в «Сделка» через 168 часов, не дождавшись срока этого ' +
      'напоминания: оно всегда будет пропущено. Сократите срок или увеличьте время в категории.',
  );
  await create.getByLabel(/^Категория/).selectOption({ label: target.name });
  await expect(create.getByTestId('scenario-skipped-warning')).toHaveCount(0);
  // Due the moment a client enters: refused under the field, nothing sent.
  await create.getByLabel(/^Через сколько часов/).fill('0');
  await create.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(
    create.getByText('Не меньше 1 часа: напоминание со сроком в момент события было бы просрочено сразу'),
  ).toBeVisible();
  await expect(create.getByLabel(/^Через сколько часов/)).toHaveAttribute('aria-invalid', 'true');
  // Digits only: letters and spaces are dropped, leading zeros too.
  await create.getByLabel(/^Через сколько часов/).fill('0024 ч');
  await expect(create.getByLabel(/^Через сколько часов/)).toHaveValue('24');
  await create.getByLabel(/^Напомнить за, минут/).fill('30');
  await create.getByRole('textbox', { name: /^Подсказка/ }).click();
  await page.keyboard.type('Позвоните и уточните бюджет');
  // The checklist: Enter adds, a blur adds, an empty or a duplicate item is not added.
  const checklist = create.getByLabel(/^Чек-лист/);
  await checklist.fill('Позвонить');
  await checklist.press('Enter');
  await checklist.fill('   ');
  await checklist.press('Enter');
  await checklist.fill('позвонить');
  await checklist.press('Enter');
  await expect(create.getByText('Такой пункт уже есть в чек-листе')).toBeVisible();
  await checklist.fill('Отправить презентацию');
  // What is typed has its row already, so the blur that adds it moves nothing: the click that
  // takes the focus away lands on 'Выбрать статьи' (it used to move ~54 px down under the pointer).
  await expect(create.getByTestId('checklist-pending')).toHaveText('Отправить презентацию');

  // The articles picker: 550 px, the chosen article listed.
  await create.getByRole('button', { name: 'Выбрать статьи' }).click();
  const picker = page.getByRole('dialog', { name: 'Статьи из библиотеки' });
  await expect(picker).toBeVisible();
  await expect(create.getByTestId('checklist-item')).toHaveText(['Позвонить', 'Отправить презентацию']);
  await expect(create.getByTestId('checklist-pending')).toHaveCount(0);
  expect((await box(picker))!.width).toBe(550);
  const firstPage = await get<{ last_page: number }>(request, api, '/knowledge-base/posts?page=1');
  await expect(picker.getByTestId('picker-post').first()).toBeVisible();
  await expect(picker.getByTestId('pager')).toHaveCount(firstPage.last_page > 1 ? 1 : 0);
  expect(await seriousViolations(page)).toEqual([]);
  await picker.getByTestId('picker-post').filter({ hasText: article }).getByRole('checkbox').check();
  await picker.getByRole('button', { name: 'Выбрать' }).click();
  await expect(picker).toBeHidden();
  await expect(create.getByTestId('chosen-post')).toHaveText([article]);
  await saveShot(page, { path: `${SHOTS}/create.png` });

  await create.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(toast(page, 'Сценарий успешно создан!')).toBeVisible();
  await expect(create).toBeHidden();
  let stored = (await storedScenarios(request, api)).find((s) => s.title === titleA);
  expect(stored).toMatchObject({
    event_type: 'client_category_changed',
    event_id: target.id,
    schedule_for: 24 * 3600,
    remind_before: 30 * 60,
    tasks: ['Позвонить', 'Отправить презентацию'],
    knowledge_base_posts: [expect.objectContaining({ id: post.id, title: article })],
  });
  expect(stored!.description).toContain('Позвоните и уточните бюджет');

  // Its card, in the category's group, with 'Доп. информация' folded.
  const targetGroup = group(page, `«${target.name}»`);
  const cardA = card(targetGroup, titleA);
  await expect(cardA).toBeVisible();
  await expect(cardA).toContainText('Категория клиента изменена');
  await expect(cardA).toContainText('Через 24 часа');
  await expect(cardA).toContainText('Напомнить за 30 минут');
  await expect(cardA.getByTestId('scenario-extra')).toHaveCount(0);
  await cardA.getByRole('button', { name: /Доп. информация/ }).click();
  const extra = cardA.getByTestId('scenario-extra');
  await expect(extra).toContainText('Позвонить');
  await expect(extra).toContainText('Отправить презентацию');
  await expect(extra).toContainText('Позвоните и уточните бюджет');
  await expect(extra).toContainText(article);
  await expect(cardA.getByRole('button', { name: /Доп. информация/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The whole scenario, read-only.
  await cardA.getByRole('button', { name: 'Посмотреть весь сценарий' }).click();
  const view = page.getByRole('dialog', { name: 'Сценарий авто-напоминания' });
  await expect(view.getByLabel('Название')).toHaveValue(titleA);
  await expect(view.getByLabel('Название')).not.toBeEditable();
  await expect(view.getByLabel('Через сколько часов')).not.toBeEditable();
  await expect(view.getByLabel('Событие')).toBeDisabled();
  await expect(view.getByLabel('Категория')).toHaveValue(String(target.id));
  await expect(view.getByRole('textbox', { name: /^Подсказка/ })).toHaveCount(0);
  await expect(view.getByText('Позвоните и уточните бюджет')).toBeVisible();
  await expect(view.getByRole('button', { name: /^Удалить пункт/ })).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Добавить', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/view.png` });
  // The footer's 'Закрыть' (the icon in the corner has the same name).
  await view.getByRole('button', { name: 'Закрыть', exact: true }).last().click();
  await expect(view).toBeHidden();

  // Edit: the event is locked; the hours change.
  await cardA.getByRole('button', { name: 'Редактировать' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать авто-напоминание' });
  await expect(edit.getByLabel(/^Событие/)).toBeDisabled();
  await expect(edit.getByLabel(/^Категория/)).toBeDisabled();
  await expect(edit.getByText('Событие сценария нельзя изменить.')).toBeVisible();
  await edit.getByLabel(/^Через сколько часов/).fill('48');
  await edit.getByRole('button', { name: 'Удалить пункт «Отправить презентацию»' }).click();
  // The server refuses a too long title: its message under the field, everything typed kept.
  const tooLong = 'Д'.repeat(256);
  await edit.getByLabel(/^Название/).fill(tooLong);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByText('Не более 255 символов').first()).toBeVisible();
  await expect(edit.getByLabel(/^Название/)).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.getByLabel(/^Название/)).toHaveValue(tooLong);
  await expect(edit.getByLabel(/^Через сколько часов/)).toHaveValue('48');
  await expect(edit.getByTestId('checklist-item')).toHaveText(['Позвонить']);
  expect((await storedScenarios(request, api)).find((s) => s.id === stored!.id)!.title).toBe(titleA);
  await edit.getByLabel(/^Название/).fill(titleA);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Сценарий успешно обновлён!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(cardA).toContainText('Через 48 часов');
  stored = (await storedScenarios(request, api)).find((s) => s.title === titleA);
  expect(stored).toMatchObject({ event_id: target.id, schedule_for: 48 * 3600, tasks: ['Позвонить'] });

  // The group's add card opens the modal with its event chosen.
  await targetGroup.getByRole('button', { name: /^Добавить авто-напоминание: / }).click();
  const preset = page.getByRole('dialog', { name: 'Новое авто-напоминание' });
  await expect(preset.getByLabel(/^Событие/)).toHaveValue('client_category_changed');
  await expect(preset.getByLabel(/^Категория/)).toHaveValue(String(target.id));
  await preset.getByRole('button', { name: 'Отменить', exact: true }).last().click();
  await expect(preset).toBeHidden();

  // A second scenario of the same group (through the API), then the keyboard reorder.
  const b = await send<StoredScenario>(request, api, 'post', '/client-reminder-templates', {
    event_type: 'client_category_changed',
    event_id: target.id,
    title: titleB,
    description: hint('Второй шаг'),
    schedule_for: 3600,
    remind_before: 0,
    tasks: [],
    posts: [],
  });
  await page.reload();
  await expect(card(targetGroup, titleB)).toBeVisible();
  const before = await titles(targetGroup);
  expect(before.slice(-2)).toEqual([titleA, titleB]);
  await keyboardMove(page, targetGroup, titleB, titleA);
  const expected = [...before.slice(0, -2), titleB, titleA];
  await expect.poll(() => titles(targetGroup)).toEqual(expected);
  await expect.poll(() => storedOrder(request, api, target.id)).toEqual(expected);
  await page.reload();
  await expect(card(targetGroup, titleA)).toBeVisible();
  expect(await titles(targetGroup)).toEqual(expected);

  // The server refuses the next reorder: the order comes back and the error shows.
  await page.route('**/client-reminder-templates/change-order', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Server Error' } }),
  );
  await keyboardMove(page, targetGroup, titleA, titleB);
  await expect(toast(page, 'An unexpected error occurred')).toBeVisible();
  await expect.poll(() => titles(targetGroup)).toEqual(expected);
  expect(await storedOrder(request, api, target.id)).toEqual(expected);
  await page.unroute('**/client-reminder-templates/change-order');

  // With the mouse: A's handle dragged onto B puts A back first.
  const grip = await box(
    card(targetGroup, titleA).getByRole('button', { name: `Переместить сценарий «${titleA}»` }),
  );
  const onto = await box(card(targetGroup, titleB));
  await page.mouse.move(grip!.x + grip!.width / 2, grip!.y + grip!.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip!.x + 20, grip!.y + 20, { steps: 4 });
  await page.mouse.move(onto!.x + onto!.width / 2, onto!.y + onto!.height / 2, { steps: 12 });
  await page.mouse.up();
  const restored = [...expected.slice(0, -2), titleA, titleB];
  await expect.poll(() => titles(targetGroup)).toEqual(restored);
  await expect.poll(() => storedOrder(request, api, target.id)).toEqual(restored);

  // A demo client enters the category: the scenario makes a reminder for his manager.
  const clients = await get<{ data: { id: number; manager_id: number }[] }>(
    request,
    api,
    `/clients?category=${source.id}&page=1`,
  );
  const client = clients.data[0]!;
  const movedAt = Date.now();
  await send(request, api, 'put', `/clients/${client.id}/update-category`, { category_id: target.id });
  const reminders = await get<{
    data: {
      title: string;
      template_id: number | null;
      manager: { id: number };
      completion_date: string;
      status: string;
    }[];
  }>(request, api, `/client-reminders?client_id=${client.id}`);
  const made = reminders.data.find((r) => r.template_id === stored!.id);
  expect(made).toMatchObject({ title: titleA, status: 'pending', manager: { id: client.manager_id } });
  const due = new Date(made!.completion_date).getTime();
  expect(Math.abs(due - (movedAt + 48 * 3600 * 1000))).toBeLessThan(5 * 60 * 1000);
  expect(reminders.data.some((r) => r.template_id === b.id)).toBe(true);
});

test('scenarios on a phone: the cards stack and the modal is a full-screen sheet', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_ADMIN.email, '/auto-reminders');
  const first = page.getByTestId('scenario-card').first();
  await expect(first).toBeVisible();
  const cardBox = await box(first);
  expect(cardBox!.width).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/phone.png`, fullPage: true });
  await first.getByRole('button', { name: 'Редактировать' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать авто-напоминание' });
  await expect(edit).toBeVisible();
  const sheet = await box(edit);
  expect(sheet!.width).toBe(390);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/phone-edit.png` });
});

test('scenarios page states: skeleton while loading, the error with a retry, the empty page', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  const listUrl = '**/api/v1/projects/*/client-reminder-templates';

  // Loading: skeletons shaped like the cards until the list comes.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(listUrl, async (route) => {
    await answered;
    await route.fulfill({ json: { success: true, response: [] } });
  });
  await page.goto('/auto-reminders');
  await expect(page.getByTestId('scenarios-skeleton')).toBeVisible();
  release();

  // Empty: the sentence and the add action, which opens the modal.
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText('Сценариев пока нет');
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/empty.png` });
  await empty.getByRole('button', { name: 'Добавить авто-напоминание' }).click();
  await expect(page.getByRole('dialog', { name: 'Новое авто-напоминание' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.unroute(listUrl);

  // Error: what failed, the toast, and 'Повторить' that loads the list once the server answers.
  await page.route(listUrl, (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Server Error' } }),
  );
  await page.goto('/auto-reminders');
  await expect(page.getByText('Не удалось загрузить сценарии.')).toBeVisible({ timeout: 10_000 });
  await expect(toast(page, 'An unexpected error occurred')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.unroute(listUrl);
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
});
