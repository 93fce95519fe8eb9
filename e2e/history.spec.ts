import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  animationsDone,
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  joinDemoProject,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
  saveShot,
} from './fixtures';

// The history page (docs/product.md §9.1): changes made through the API appear with the server's
// own sentences; filters by kind, person and days live in the address; an entry opens its
// client; the list loads page after page; a manager sees only what concerns his own clients.

const SHOTS = `${SCREENSHOTS}/history`;

type Api = { headers: Record<string, string>; base: string; projectId: number };
type Category = { id: number; name: string };
type Client = { id: number; name: string; last_name: string };

const send = async <T>(
  request: APIRequestContext,
  api: Api,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> => {
  const res = await request.fetch(`${api.base}${url}`, { method, headers: api.headers, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { response: T }).response;
};

type Field = { id: number; type: string; required: boolean; options: { id: number }[] };

/** A client, with every field the demo form requires at the moment filled in. */
const newClient = async (
  request: APIRequestContext,
  api: Api,
  body: { name: string; last_name: string; category_id: number; manager_id?: number },
) => {
  const form = await send<{ fields: Field[] }[]>(request, api, 'GET', '/form');
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const fields = form
    .flatMap((g) => g.fields)
    .filter((f) => f.required || f.type === 'phone_number')
    .map((f) => ({
      field_id: f.id,
      value:
        f.type === 'phone_number' ? `7901${digits}` : f.type === 'select' ? f.options[0]!.id : 'Значение',
    }));
  return send<Client>(request, api, 'POST', '/clients', { ...body, fields });
};

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The moment as the server writes it into a sentence: 'DD.MM.YYYY HH:mm' in the project's zone. */
const projectMoment = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(', ', ' ');

/** Today in the project's zone, 'YYYY-MM-DD'. */
const projectToday = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

const entries = (page: Page) => page.getByTestId('history-entry');
const entryWith = (page: Page, sentence: string) =>
  entries(page).filter({ has: page.getByText(sentence, { exact: true }) });
const shot = (page: Page, name: string) => saveShot(page, { path: `${SHOTS}/${name}.png` });
/** The same screen on a phone: nothing wider than the screen; the sidebar has become a drawer. */
const phone = async (page: Page, run: () => Promise<unknown>) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The sidebar slides away as the layout turns into the phone's: the shot waits for it.
  await animationsDone(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await run();
  await page.setViewportSize({ width: 1440, height: 900 });
};
const expectSentences = async (scope: Page | Locator, sentences: string[]) => {
  for (const sentence of sentences) await expect(scope.getByText(sentence, { exact: true })).toBeVisible();
};

test('changes appear with their sentences; filters by kind, person and days; an entry opens its client', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await demoApi(request, DEMO_ADMIN.email);
  const project = await send<{ timezone: string }>(request, admin, 'GET', '');
  const zone = project.timezone;
  const categories = await send<Category[]>(request, admin, 'GET', '/client-categories');
  const [first, second] = categories as [Category, Category];
  const members = await send<{ id: number; name: string; role: string }[]>(request, admin, 'GET', '/members');
  const manager = members.find((m) => m.name === DEMO_MANAGER.name)!;
  const t = tag();

  // A client of the demo manager, moved, with a note and a reminder.
  const client = await newClient(request, admin, {
    name: 'Историк',
    last_name: `Константинопольский-${t}`,
    category_id: first.id,
    manager_id: manager.id,
  });
  const fullName = `${client.name} ${client.last_name}`;
  await send(request, admin, 'PUT', `/clients/${client.id}/update-category`, { category_id: second.id });
  const longNote = `Клиент просил перезвонить после обеда и прислать подробное коммерческое предложение ${'с расчётами '.repeat(10)}${t}`;
  await send(request, admin, 'POST', `/clients/${client.id}/notes`, { note: longNote });
  const due = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 86_400_000).toISOString();
  await send(request, admin, 'POST', `/clients/${client.id}/reminders`, {
    title: `Позвонить ${t}`,
    completion_date: due,
  });
  // A category created and renamed (removed at the end, so the board stays as it was).
  const category = await send<Category>(request, admin, 'POST', '/client-categories', { name: `Архив ${t}` });
  await send(request, admin, 'PUT', `/client-categories/${category.id}`, { name: `Архив-2 ${t}` });
  // A note written by the admin from the manager's account.
  const access = await send<{ access_token: string }>(
    request,
    admin,
    'GET',
    `/member-access-token/${manager.id}`,
  );
  const asManager = { ...admin, headers: { Authorization: `Bearer ${access.access_token}` } };
  await send(request, asManager, 'POST', `/clients/${client.id}/notes`, {
    note: `Из аккаунта менеджера ${t}`,
  });
  // A client who is gone by the time his entry is opened.
  const gone = await newClient(request, admin, {
    name: 'Удалённый',
    last_name: `Клиент-${t}`,
    category_id: first.id,
  });
  await send(request, admin, 'DELETE', `/clients/${gone.id}`);

  const quoted = longNote.length > 200 ? `${longNote.slice(0, 200)}…` : longNote;
  const sentences = {
    created: `Добавлен клиент «${fullName}» в категорию «${first.name}», менеджер ${DEMO_MANAGER.name}`,
    moved: `Клиент «${fullName}» переведён из «${first.name}» в «${second.name}»`,
    note: `Добавлена заметка к клиенту «${fullName}»: «${quoted}»`,
    reminder: `Создано напоминание «Позвонить ${t}» по клиенту «${fullName}» на ${projectMoment(due, zone)}`,
    categoryCreated: `Создана категория клиентов «Архив ${t}»: без следующей категории`,
    renamed: `Категория клиентов «Архив ${t}» изменена: переименована в «Архив-2 ${t}»`,
    impersonated: `Добавлена заметка к клиенту «${fullName}»: «Из аккаунта менеджера ${t}»`,
    goneCreated: `Добавлен клиент «Удалённый Клиент-${t}» в категорию «${first.name}»`,
    goneDeleted: `Удалён клиент «Удалённый Клиент-${t}» (категория «${first.name}», менеджер ${DEMO_ADMIN.name})`,
  };

  await signInWithToken(page, request, DEMO_ADMIN.email, '/history');
  await expect(page.getByRole('heading', { level: 1, name: 'История действий' })).toBeVisible();
  await expectSentences(page, Object.values(sentences));

  // Who acted: the admin, and both people for the change made from the manager's account.
  await expect(entryWith(page, sentences.moved)).toContainText(DEMO_ADMIN.name);
  await expect(entryWith(page, sentences.impersonated)).toContainText(
    `${DEMO_ADMIN.name} в аккаунте менеджера ${DEMO_MANAGER.name}`,
  );
  // The time of the entry in the project's zone, under today's heading.
  const today = projectToday(zone);
  const [y, m, d] = today.split('-');
  await expect(entryWith(page, sentences.moved).locator('time')).toContainText(`${d}.${m}.${y} `);

  // Before → after of the move, unfolded.
  const moved = entryWith(page, sentences.moved);
  const toggle = moved.getByRole('button', { name: 'Что изменилось' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(moved.getByRole('definition').filter({ hasText: first.name })).toContainText(second.name);
  // A creation has no 'before': its data, long values folded.
  const created = entryWith(page, sentences.created);
  await created.getByRole('button', { name: 'Данные записи' }).click();
  await expect(created.getByTestId('history-changes')).toContainText(`Фамилия${client.last_name}`);
  expect(await seriousViolations(page)).toEqual([]);
  await moved.scrollIntoViewIfNeeded();
  await shot(page, 'admin-1440');
  await phone(page, async () => {
    await moved.scrollIntoViewIfNeeded();
    await shot(page, 'admin-390');
  });

  // The entry opens its client in the side panel.
  await entryWith(page, sentences.note).getByRole('button', { name: 'Подробнее о клиенте' }).click();
  const panel = page.getByRole('dialog', { name: 'Подробнее о клиенте' });
  await expect(panel.getByTestId('client-info')).toContainText(client.last_name);
  await shot(page, 'client-panel-1440');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // A deleted client: the panel says so.
  await entryWith(page, sentences.goneCreated).getByRole('button', { name: 'Подробнее о клиенте' }).click();
  await expect(panel).toContainText('Клиент не найден: его удалили или передали другому менеджеру.');
  await page.keyboard.press('Escape');

  // By kind: only the categories; the address keeps it over a reload.
  await page.getByLabel('Раздел').selectOption({ label: 'Категории клиентов' });
  await expect(page).toHaveURL(/subject_type=client_category/);
  await expectSentences(page, [sentences.renamed, sentences.categoryCreated]);
  await expect(page.getByText(sentences.moved, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Раздел')).toHaveValue('client_category');
  await expectSentences(page, [sentences.renamed]);
  await expect(page.getByText(sentences.note, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Сбросить', exact: true }).click();
  await expect(page).toHaveURL(/\/history$/);

  // By person: the manager did none of these himself, the admin all but one.
  await page.getByLabel('Сотрудник').selectOption({ label: DEMO_MANAGER.name });
  await expect(page).toHaveURL(new RegExp(`user_id=${manager.id}`));
  await expectSentences(page, [sentences.impersonated]);
  await expect(page.getByText(sentences.moved, { exact: true })).toHaveCount(0);
  await page.getByLabel('Сотрудник').selectOption({ label: DEMO_ADMIN.name });
  await expectSentences(page, [sentences.moved, sentences.renamed]);
  await expect(page.getByText(sentences.impersonated, { exact: true })).toHaveCount(0);
  // textContent: rows off screen skip rendering (content-visibility), and their innerText is empty.
  for (const text of await entries(page).allTextContents()) expect(text).toContain(DEMO_ADMIN.name);
  await page.getByRole('button', { name: 'Сбросить', exact: true }).click();

  // By days: today holds them; a range long past holds nothing.
  await page.getByLabel('Дата с').fill(today);
  await page.getByLabel('Дата по').fill(today);
  await expectSentences(page, [sentences.moved]);
  await page.getByLabel('Дата с').fill('2020-01-01');
  await page.getByLabel('Дата по').fill('2020-01-02');
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-02/);
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText('Под эти фильтры не подходит ни одна запись.');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'filtered-empty-1440');
  await phone(page, () => shot(page, 'filtered-empty-390'));
  await empty.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expectSentences(page, [sentences.moved]);

  await send(request, admin, 'DELETE', `/client-categories/${category.id}`);
});

test('the list loads page after page: on scroll, and by "Показать ещё" from the keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await demoApi(request, DEMO_ADMIN.email);
  const [first] = await send<Category[]>(request, admin, 'GET', '/client-categories');
  const t = tag();
  const client = await newClient(request, admin, {
    name: 'Многословный',
    last_name: `Клиент-${t}`,
    category_id: first!.id,
  });
  // 110 notes: more than two pages of this client's entries.
  for (let i = 1; i <= 110; i++) {
    await send(request, admin, 'POST', `/clients/${client.id}/notes`, { note: `Заметка ${i} ${t}` });
  }
  const note = (i: number) => `Добавлена заметка к клиенту «Многословный Клиент-${t}»: «Заметка ${i} ${t}»`;

  await signInWithToken(page, request, DEMO_ADMIN.email, '/history');
  await expect(page.getByText(note(110), { exact: true })).toBeVisible();
  await expect(entries(page)).toHaveCount(50);
  await expect(page.getByText(note(60), { exact: true })).toHaveCount(0);

  // Scrolling to the end loads the next page.
  await page.getByTestId('history-entry').last().scrollIntoViewIfNeeded();
  await expect(entries(page)).toHaveCount(100);
  await expect(page.getByText(note(60), { exact: true })).toBeVisible();

  // From the keyboard: 'Показать ещё' loads the rest of the notes.
  const more = page.getByRole('button', { name: 'Показать ещё' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(note(1), { exact: true })).toBeAttached();
  expect(await entries(page).count()).toBeGreaterThan(100);
  await page.getByTestId('history-entry').last().scrollIntoViewIfNeeded();
  await shot(page, 'many-1440');
});

test('a manager sees only the entries about his own clients', async ({ page, request }) => {
  test.setTimeout(90_000);
  const t = tag();
  const name = `Пётр Историков ${t}`;
  const email = await joinDemoProject(request, 'manager', name);
  const manager = await demoApi(request, email);
  const admin = await demoApi(request, DEMO_ADMIN.email);
  const [first] = await send<Category[]>(request, admin, 'GET', '/client-categories');

  const own = await newClient(request, manager, {
    name: 'Свой',
    last_name: `Клиент-${t}`,
    category_id: first!.id,
  });
  await send(request, admin, 'POST', `/clients/${own.id}/notes`, { note: `Заметка админа ${t}` });
  const other = await newClient(request, admin, {
    name: 'Чужой',
    last_name: `Клиент-${t}`,
    category_id: first!.id,
  });
  const category = await send<Category>(request, admin, 'POST', '/client-categories', {
    name: `Тайная ${t}`,
  });
  await send(request, admin, 'PUT', `/client-categories/${category.id}`, { name: `Тайная-2 ${t}` });

  await signInWithToken(page, request, email, '/history');
  await expectSentences(page, [
    `Добавлен клиент «Свой Клиент-${t}» в категорию «${first!.name}»`,
    `Добавлена заметка к клиенту «Свой Клиент-${t}»: «Заметка админа ${t}»`,
  ]);
  await expect(
    page.getByText(`Категория клиентов «Тайная ${t}» изменена: переименована в «Тайная-2 ${t}»`),
  ).toHaveCount(0);
  await expect(page.getByText(`Добавлен клиент «Чужой Клиент-${t}»`)).toHaveCount(0);
  // His entries only: every one is about his client (a scenario may have added a reminder too).
  for (const text of await entries(page).allTextContents()) expect(text).toContain(`Свой Клиент-${t}`);
  // The person filter is there for him too: the admin acted on his client.
  await page.getByLabel('Сотрудник').selectOption({ label: DEMO_ADMIN.name });
  await expect(
    page.getByText(`Добавлена заметка к клиенту «Свой Клиент-${t}»: «Заметка админа ${t}»`),
  ).toBeVisible();
  await expect(page.getByText(`Добавлен клиент «Свой Клиент-${t}» в категорию «${first!.name}»`)).toHaveCount(
    0,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'manager-1440');
  await phone(page, () => shot(page, 'manager-390'));

  await send(request, admin, 'DELETE', `/clients/${other.id}`);
  await send(request, admin, 'DELETE', `/client-categories/${category.id}`);
});

test('states: loading skeleton, a failure with "Повторить", an empty project', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  // The list only, not the filter's former members (…/history/former-members).
  const history = /\/api\/v1\/projects\/\d+\/history(\?|$)/;

  // Loading: held until the skeleton is seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(history, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/history');
  await expect(page.getByTestId('history-skeleton')).toBeVisible();
  await shot(page, 'loading-1440');
  await phone(page, () => shot(page, 'loading-390'));
  release();
  await expect(entries(page).first()).toBeVisible();
  await page.unroute(history);

  // A failure (every try): the page says so and offers 'Повторить', which brings the list.
  await page.route(history, (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Ошибка сервера' } }),
  );
  await page.reload();
  const retry = page.getByRole('button', { name: 'Повторить' });
  await expect(retry).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Не удалось загрузить историю действий.')).toBeVisible();
  await shot(page, 'error-1440');
  await phone(page, () => shot(page, 'error-390'));
  await page.unroute(history);
  await retry.click();
  await expect(entries(page).first()).toBeVisible();

  // An empty history (a project where nothing has happened yet).
  await page.route(history, (route) =>
    route.fulfill({ status: 200, json: { success: true, response: { data: [], next_before: null } } }),
  );
  await page.reload();
  await expect(page.getByTestId('empty-state')).toContainText('Здесь пока пусто');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'empty-1440');
  await phone(page, () => shot(page, 'empty-390'));
});

test('a member removed from the project stays findable: his entries by his name, marked, and his figures in the statistics', async ({
  page,
  request,
}) => {
  const name = `Бывший ${Date.now().toString(36)}`;
  const email = await joinDemoProject(request, 'manager', name);
  const his = await demoApi(request, email);
  const admin = await demoApi(request, DEMO_ADMIN.email);
  // He adds a client of his own (an entry of his), then leaves the team.
  const categories = (await (
    await request.get(`${his.base}/client-categories`, { headers: his.headers })
  ).json()) as {
    response: Category[];
  };
  const fields = (
    (await (await request.get(`${his.base}/form`, { headers: his.headers })).json()) as {
      response: { fields: { id: number; type: string }[] }[];
    }
  ).response.flatMap((g) => g.fields);
  const phone = fields.find((f) => f.type === 'phone_number');
  const created = await request.post(`${his.base}/clients`, {
    headers: his.headers,
    data: {
      name: 'Клиент',
      last_name: name,
      category_id: categories.response[0]!.id,
      fields: phone ? [{ field_id: phone.id, value: '79001234567' }] : [],
    },
  });
  expect(created.status()).toBe(201);
  const members = (await (await request.get(`${admin.base}/members`, { headers: admin.headers })).json()) as {
    response: { id: number; name: string }[];
  };
  const member = members.response.find((m) => m.name === name)!;
  expect(
    (await request.delete(`${admin.base}/members/${member.id}`, { headers: admin.headers })).status(),
  ).toBe(200);

  await signInWithToken(page, request, DEMO_ADMIN.email, '/history');
  await page.getByLabel('Сотрудник').selectOption({ label: `${name} (бывший участник)` });
  await expect(page).toHaveURL(new RegExp(`user_id=${member.id}`));
  await expect(entries(page).first()).toContainText(name);
});
