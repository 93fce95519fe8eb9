import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  box,
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
  saveShot,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/reminders`;

// axe runs after most steps: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });
const ZONE = 'Europe/Moscow';

type Api = { headers: Record<string, string>; base: string };
type StoredReminder = {
  id: number;
  title: string;
  status: string;
  completion_date: string;
  rescheduled: boolean;
  remind_before: string;
  tasks: { id: number; title: string; status: string }[];
  comments: string[];
  description: string;
  client: { id: number; name: string; last_name: string };
  manager: { id: number; name: string };
};

/** A member's token and the demo project's API base, to read what the page stored. */
const apiAs = async (request: APIRequestContext, email: string): Promise<Api> => {
  const { headers, base } = await demoApi(request, email);
  return { headers, base };
};

const stored = async (request: APIRequestContext, api: Api, id: number) => {
  const res = await request.get(`${api.base}/client-reminders/${id}`, { headers: api.headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { response: StoredReminder }).response;
};

/** The client's reminder with this title, as the server lists it. */
const findByTitle = async (request: APIRequestContext, api: Api, clientId: number, title: string) => {
  const res = await request.get(`${api.base}/client-reminders?client_id=${clientId}`, {
    headers: api.headers,
  });
  const page = ((await res.json()) as { response: { data: { id: number; title: string }[] } }).response;
  const found = page.data.find((r) => r.title === title);
  expect(found, `reminder «${title}» stored`).toBeDefined();
  return stored(request, api, found!.id);
};

/** Gives the client a reminder through the API (as `api`'s member), due tomorrow at 12:00. */
const createThroughApi = async (
  request: APIRequestContext,
  api: Api,
  clientId: number,
  title: string,
  comments = ['Комментарий'],
) => {
  const res = await request.post(`${api.base}/clients/${clientId}/reminders`, {
    headers: api.headers,
    data: {
      title,
      completion_date: new Date(moscowToUtc(dayInZone(1), '12:00')).toISOString(),
      tasks: ['Первый пункт', 'Второй пункт'],
      comments,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { response: StoredReminder }).response;
};

/** A day of the project's zone, `days` from today: 'YYYY-MM-DD'. */
const dayInZone = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));

/** Moscow has no daylight saving: its wall clock is UTC+3. */
const moscowToUtc = (day: string, time: string) => Date.parse(`${day}T${time}:00+03:00`);

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();
const details = (page: Page) => page.getByTestId('reminder-details');
const topDialog = (page: Page) => page.getByRole('dialog').last();

/**
 * Opens the info panel of the first client on the board; answers his id and the panel. `before`
 * runs with his id before the panel opens (to give him a reminder through the API).
 */
const openClientPanel = async (
  page: Page,
  before?: (clientId: number) => Promise<unknown>,
): Promise<{ clientId: number; panel: Locator }> => {
  await page.goto('/clients');
  const card = page.getByTestId('client-card').first();
  await expect(card).toBeVisible();
  const clientId = Number(await card.getAttribute('data-client-id'));
  await before?.(clientId);
  // The board follows changes live: `before` may have moved the client to another column.
  await page
    .locator(`[data-testid="client-card"][data-client-id="${clientId}"]`)
    .getByRole('button')
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: 'Информация о клиенте' });
  await expect(panel.getByTestId('client-reminders')).toBeVisible();
  await expect(
    panel.getByTestId('client-reminders').getByRole('button', { name: 'Добавить напоминание' }).first(),
  ).toBeVisible();
  return { clientId, panel };
};

const openCreate = async (page: Page, panel: Locator) => {
  await panel
    .getByTestId('client-reminders')
    .getByRole('button', { name: 'Добавить напоминание' })
    .first()
    .click();
  const form = page.getByTestId('reminder-create');
  await expect(form).toBeVisible();
  return form;
};

test('a reminder made from the client panel: checklist, remind-before, reschedule, complete; another canceled', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await apiAs(request, DEMO_ADMIN.email);
  await signInWithToken(page, request, DEMO_ADMIN.email);
  const { clientId, panel } = await openClientPanel(page);
  const title = `Созвон по договору ${Date.now().toString(36)}`;
  const tomorrow = dayInZone(1);

  // ---- create -----------------------------------------------------------------------------
  const form = await openCreate(page, panel);
  await expect(form.getByTestId('reminder-client')).not.toBeEmpty();
  // Nothing typed: the required fields say so, nothing is sent.
  await form.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(form.getByText('Обязательное поле')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByLabel('Название').fill(title);
  await form.getByLabel('Дата').fill(tomorrow);
  await form.getByLabel('Время').fill('1430');
  await expect(form.getByLabel('Время')).toHaveValue('14:30');
  await form.getByLabel('Напомнить за, минут').fill('6x0');
  await expect(form.getByLabel('Напомнить за, минут')).toHaveValue('60');

  const tasks = form.getByTestId('reminder-tasks');
  const taskBox = tasks.getByRole('textbox');
  await taskBox.fill('Позвонить клиенту');
  await taskBox.press('Enter');
  await taskBox.fill('позвонить КЛИЕНТУ');
  await taskBox.press('Enter');
  await expect(tasks.getByText('Такой пункт уже есть в чек-листе')).toBeVisible();
  await taskBox.fill('   ');
  await taskBox.press('Enter');
  await expect(tasks.getByText('Такой пункт уже есть в чек-листе')).toHaveCount(0);
  await taskBox.fill('Отправить коммерческое предложение');
  // Leaving the box adds what was typed too.
  await form.getByTestId('reminder-comments').getByRole('textbox').click();
  await expect(tasks.getByRole('listitem')).toHaveText([
    'Позвонить клиенту',
    'Отправить коммерческое предложение',
  ]);
  await form.getByRole('textbox', { name: 'Описание' }).click();
  await page.keyboard.type('Спросить про бюджет');
  // A comment typed and not yet added: its row is already there, so the blur that adds it moves
  // nothing and the click lands on 'Добавить' (it used to be swallowed by the list growing).
  const commentBox = form.getByTestId('reminder-comments').getByRole('textbox');
  await commentBox.fill('Клиент просил звонить после обеда');
  await expect(form.getByTestId('reminder-comments-pending')).toHaveText(/Клиент просил звонить после обеда/);
  await saveShot(page, { path: `${SHOTS}/e2e-create-filled.png` });
  await form.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(toast(page, 'Напоминание добавлено!')).toBeVisible();
  await expect(form).toBeHidden();

  let saved = await findByTitle(request, api, clientId, title);
  expect(saved.status).toBe('pending');
  expect(saved.client.id).toBe(clientId);
  expect(Date.parse(saved.completion_date)).toBe(moscowToUtc(tomorrow, '14:30'));
  expect(saved.remind_before).toBe('60');
  expect(saved.tasks.map((t) => [t.title, t.status])).toEqual([
    ['Позвонить клиенту', 'pending'],
    ['Отправить коммерческое предложение', 'pending'],
  ]);
  expect(saved.comments).toEqual(['Клиент просил звонить после обеда']);
  expect(saved.description).toContain('Спросить про бюджет');

  // ---- details ------------------------------------------------------------------------------
  const card = panel.getByTestId('reminder-card').filter({ hasText: title });
  await expect(card).toContainText('0/2');
  await card.click();
  await expect(details(page).getByTestId('reminder-details-title')).toHaveText(title);
  await expect(details(page).getByTestId('reminder-status')).toHaveText('Активно');
  await expect(details(page).getByTestId('reminder-due')).toHaveText('Завтра, 14:30');
  await expect(details(page).getByText('Клиент просил звонить после обеда')).toBeVisible();
  await expect(details(page).getByText('Спросить про бюджет')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Ticks stay local until 'Выполнить задачи' sends them.
  const checklist = details(page).getByTestId('reminder-checklist');
  const send = checklist.getByRole('button', { name: 'Выполнить задачи' });
  await expect(send).toBeDisabled();
  await checklist.getByRole('checkbox', { name: 'Позвонить клиенту' }).check();
  expect((await stored(request, api, saved.id)).tasks[0]!.status).toBe('pending');
  await send.click();
  await expect(checklist.getByRole('checkbox', { name: /Позвонить клиенту/ })).toBeDisabled();
  await expect(checklist.getByRole('checkbox', { name: /Позвонить клиенту/ })).toBeChecked();
  await expect(checklist).toContainText('1/2');
  saved = await stored(request, api, saved.id);
  expect(saved.tasks.map((t) => t.status)).toEqual(['completed', 'pending']);
  // The list behind refreshed with it.
  await expect(card).toContainText('1/2');

  // 'Установить напоминание': the current value shows; 30 минут is stored in minutes.
  const remind = details(page).getByRole('button', { name: /^Установить напоминание/ });
  await expect(remind).toContainText('За 1 час');
  await remind.click();
  // Every choice on one line: the menu is as wide as its longest item ('Не напоминать').
  const off = details(page).getByRole('button', { name: 'Не напоминать' });
  expect((await off.boundingBox())!.height).toBeLessThanOrEqual(36);
  expect(await off.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await details(page).getByRole('button', { name: '30 минут' }).click();
  await expect(remind).toContainText('За 30 минут');
  expect((await stored(request, api, saved.id)).remind_before).toBe('30');

  // ---- reschedule -----------------------------------------------------------------------------
  await details(page).getByRole('button', { name: 'Перенести задачу' }).click();
  const reschedule = page.getByTestId('reminder-reschedule');
  await expect(reschedule).toBeVisible();
  const timeBox = reschedule.getByLabel('Новое время');
  // A text box for HH:mm: no native time picker.
  await expect(timeBox).toHaveAttribute('type', 'text');
  await expect(reschedule.getByLabel('Новая дата')).toHaveAttribute('min', dayInZone(0));
  await timeBox.fill('');
  await timeBox.blur();
  await expect(reschedule.getByText('Обязательное поле')).toBeVisible();
  await expect(reschedule.getByRole('button', { name: 'Перенести', exact: true })).toBeDisabled();
  // Today at a minute already past: refused.
  await reschedule.getByLabel('Новая дата').fill(dayInZone(0));
  await timeBox.fill('0000');
  await expect(reschedule.getByRole('button', { name: 'Перенести', exact: true })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  const later = dayInZone(2);
  await reschedule.getByLabel('Новая дата').fill(later);
  await timeBox.fill('10:15');
  await reschedule.getByRole('button', { name: 'Перенести', exact: true }).click();
  await expect(toast(page, 'Напоминание перенесен!')).toBeVisible();
  await expect(reschedule).toBeHidden();
  saved = await stored(request, api, saved.id);
  expect(Date.parse(saved.completion_date)).toBe(moscowToUtc(later, '10:15'));
  expect(saved.rescheduled).toBe(true);
  await expect(details(page)).toContainText('Перенесено');
  await expect(details(page).getByTestId('reminder-due')).toContainText('10:15');

  // ---- complete, with the unfinished checklist hint ------------------------------------------------
  await details(page).getByRole('button', { name: 'Выполнить задачу', exact: true }).click();
  const confirm = topDialog(page);
  await expect(confirm).toContainText(`Выполнить задачу ${title}?`);
  await expect(confirm).toContainText('Не все задачи из чек-листа выполнены.');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Выполнить задачу' }).click();
  // The confirmation stays until the server answered, and the live update can show the new status
  // first: Escape below must reach the details, not a confirmation still closing.
  await expect(page.getByRole('dialog', { name: `Выполнить задачу ${title}?` })).toBeHidden();
  await expect(details(page).getByTestId('reminder-status')).toHaveText('Выполнено');
  expect((await stored(request, api, saved.id)).status).toBe('completed');
  // Completed: no more actions, the checklist is locked.
  await expect(details(page).getByRole('button', { name: 'Выполнить задачи' })).toHaveCount(0);
  await expect(details(page).getByRole('button', { name: 'Перенести задачу' })).toHaveCount(0);
  await expect(details(page).getByRole('button', { name: 'Отменить задачу' })).toHaveCount(0);
  await expect(
    checklist.getByRole('checkbox', { name: 'Отправить коммерческое предложение' }),
  ).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(details(page)).toBeHidden();
  await expect(card.getByTestId('reminder-status')).toHaveText('Выполнено');

  // ---- another one, canceled ----------------------------------------------------------------
  const other = `Отменяемое ${Date.now().toString(36)}`;
  const form2 = await openCreate(page, panel);
  await form2.getByLabel('Название').fill(other);
  await form2.getByLabel('Дата').fill(tomorrow);
  await form2.getByLabel('Время').fill('09:00');
  await form2.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(form2).toBeHidden();
  const second = await findByTitle(request, api, clientId, other);
  expect(second.tasks).toEqual([]);
  expect(second.remind_before).toBe('');
  await panel.getByTestId('reminder-card').filter({ hasText: other }).click();
  await expect(details(page).getByTestId('reminder-details-title')).toHaveText(other);
  // No checklist: 'Выполнить задачу' asks without the hint.
  await details(page).getByRole('button', { name: 'Выполнить задачу', exact: true }).click();
  await expect(topDialog(page)).not.toContainText('Не все задачи');
  await topDialog(page).getByRole('button', { name: 'Нет' }).click();
  await details(page).getByRole('button', { name: 'Отменить задачу' }).click();
  const ask = topDialog(page);
  await expect(ask).toContainText('Вы уверены что хотите отменить задачу?');
  await ask.getByRole('button', { name: 'Нет, вернуться' }).click();
  expect((await stored(request, api, second.id)).status).toBe('pending');
  await details(page).getByRole('button', { name: 'Отменить задачу' }).click();
  await topDialog(page).getByRole('button', { name: 'Да, отменить' }).click();
  await expect(page.getByRole('dialog', { name: 'Вы уверены что хотите отменить задачу?' })).toBeHidden();
  await expect(details(page).getByTestId('reminder-status')).toHaveText('Отменено');
  await expect(details(page).getByTestId('reminder-details-title')).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  expect((await stored(request, api, second.id)).status).toBe('canceled');

  // 'Подробнее о клиенте': his info in a side panel of that title.
  await details(page).getByRole('button', { name: 'Подробнее о клиенте' }).click();
  const more = page.getByRole('dialog', { name: 'Подробнее о клиенте' });
  await expect(more.getByTestId('client-info')).toContainText(second.client.name);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a manager cannot open another manager’s reminder: the details say it is not found', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, DEMO_ADMIN.email);
  const manager = await apiAs(request, DEMO_MANAGER.email);
  // A reminder of the admin's own clients (not the manager's).
  const all = await request.get(`${admin.base}/client-reminders?page=1`, { headers: admin.headers });
  const list = ((await all.json()) as { response: { data: { id: number; manager: { name: string } }[] } })
    .response.data;
  const foreign = list.find((r) => r.manager.name === DEMO_ADMIN.name);
  expect(foreign, 'the demo has reminders of the admin').toBeDefined();
  const refused = await request.get(`${manager.base}/client-reminders/${foreign!.id}`, {
    headers: manager.headers,
  });
  expect(refused.status()).toBe(404);

  await signInWithToken(page, request, DEMO_MANAGER.email);
  const title = `Своё напоминание ${Date.now().toString(36)}`;
  const { panel } = await openClientPanel(page, (clientId) =>
    createThroughApi(request, manager, clientId, title),
  );
  const own = panel.getByTestId('reminder-card').filter({ hasText: title });
  await expect(own).toBeVisible();
  // The manager asks for one of his own, and the request is pointed at the foreign id, as a stale
  // link or another person's notification would.
  const ownId = await own.getAttribute('data-reminder-id');
  await page.route(`**/client-reminders/${ownId}`, (route) =>
    route.continue({
      url: route
        .request()
        .url()
        .replace(new RegExp(`/client-reminders/${ownId}$`), `/client-reminders/${foreign!.id}`),
    }),
  );
  await own.click();
  const notFound = page.getByTestId('reminder-not-found');
  await expect(notFound).toContainText('Напоминание не найдено');
  await expect(page.getByTestId('reminder-details')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await notFound.getByRole('button', { name: 'Закрыть' }).click();
  await expect(notFound).toBeHidden();
});

test('on a phone the reminder modals are full-screen sheets', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const manager = await apiAs(request, DEMO_MANAGER.email);
  await signInWithToken(page, request, DEMO_MANAGER.email);
  const title = `На телефоне ${Date.now().toString(36)}`;
  const long = 'Очень длинный комментарий, который не помещается в десять строк. '.repeat(14).trim();
  const { panel } = await openClientPanel(page, (clientId) =>
    createThroughApi(request, manager, clientId, title, [long]),
  );
  await panel.getByTestId('reminder-card').filter({ hasText: title }).click();
  await expect(details(page)).toBeVisible();
  // A comment longer than 10 lines is cut until 'Читать далее'.
  const more = details(page).getByRole('button', { name: 'Читать далее' });
  await expect(more).toBeVisible();
  const comment = details(page).getByTestId('reminder-comments-view').locator('li').first();
  const cut = (await box(comment))!.height;
  await more.click();
  await expect(details(page).getByRole('button', { name: 'Свернуть' })).toBeVisible();
  expect((await box(comment))!.height).toBeGreaterThan(cut + 40);
  const dialog = topDialog(page);
  expect(await box(dialog)).toMatchObject({ width: 390, height: 844, x: 0, y: 0 });
  await saveShot(page, { path: `${SHOTS}/e2e-390-details.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  const form = await openCreate(page, panel);
  expect(await box(topDialog(page))).toMatchObject({ width: 390, height: 844 });
  await saveShot(page, { path: `${SHOTS}/e2e-390-create.png` });
  await expect(form.getByLabel('Время')).toBeVisible();
});

test('a reminder made without a client chooses one of the manager’s own clients', async ({
  page,
  request,
}) => {
  const manager = await apiAs(request, DEMO_MANAGER.email);
  const search = await request.get(`${manager.base}/clients/search?page=1`, { headers: manager.headers });
  const own = (
    (await search.json()) as { response: { data: { id: number; name: string; last_name: string }[] } }
  ).response.data[0]!;
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await page.getByRole('button', { name: 'Добавить напоминание' }).first().click();
  const form = page.getByTestId('reminder-create');
  await expect(form).toBeVisible();
  const picker = form.getByRole('combobox', { name: 'Клиент' });
  await expect(picker).toBeFocused();
  await form.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(form.getByText('Обязательное поле').first()).toBeVisible();
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  await picker.fill(own.last_name);
  // His namesakes may be listed too: the option of this very client.
  const option = form.locator(`[role="option"][id$="-option-${own.id}"]`);
  await expect(option).toBeVisible();
  await option.click();
  await expect(form.getByTestId('picked-client')).toHaveText(`${own.name} ${own.last_name}`);
  await expect(form.getByRole('button', { name: /Изменить клиента/ })).toBeFocused();
  const title = `Без клиента ${Date.now().toString(36)}`;
  await form.getByLabel('Название').fill(title);
  const day = dayInZone(3);
  await form.getByLabel('Дата').fill(day);
  await form.getByLabel('Время').fill('8');
  await form.getByLabel('Время').blur();
  await expect(form.getByLabel('Время')).toHaveValue('08:00');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(toast(page, 'Напоминание добавлено!')).toBeVisible();
  const saved = await findByTitle(request, manager, own.id, title);
  expect(saved.manager.name).toBe(DEMO_MANAGER.name);
  expect(Date.parse(saved.completion_date)).toBe(moscowToUtc(day, '08:00'));
});

test('a manager’s page lists his reminders, filtered by status and paged', async ({ page, request }) => {
  const admin = await apiAs(request, DEMO_ADMIN.email);
  const members = await request.get(`${admin.base}/members`, { headers: admin.headers });
  const manager = ((await members.json()) as { response: { id: number; name: string }[] }).response.find(
    (m) => m.name === DEMO_MANAGER.name,
  )!;
  const total = async (query: string) => {
    const res = await request.get(`${admin.base}/client-reminders?manager_id=${manager.id}${query}`, {
      headers: admin.headers,
    });
    return ((await res.json()) as { response: { total: number; last_page: number } }).response;
  };
  const all = await total('');
  const expired = await total('&status=expired');
  expect(all.total).toBeGreaterThan(0);

  await signInWithToken(page, request, DEMO_ADMIN.email, `/managers/${manager.id}`);
  const card = page.getByTestId('manager-reminders');
  await expect(card.getByRole('heading', { name: /Напоминания/ })).toContainText(String(all.total));
  await expect(card.getByTestId('reminder-card').first()).toBeVisible();
  expect(await card.getByTestId('reminder-card').count()).toBe(Math.min(all.total, 20));
  if (all.last_page > 1) {
    const firstId = await card.getByTestId('reminder-card').first().getAttribute('data-reminder-id');
    await card.getByRole('button', { name: 'Страница 2' }).click();
    await expect(card.getByTestId('reminder-card').first()).not.toHaveAttribute('data-reminder-id', firstId!);
    await expect(card.getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  }
  await card.getByRole('combobox', { name: 'Статус' }).selectOption('expired');
  await expect(card.getByRole('heading', { name: /Напоминания/ })).toContainText(String(expired.total));
  const shown = card.getByTestId('reminder-card');
  if (expired.total > 0) {
    await expect(shown.first()).toBeVisible();
    for (const status of await shown.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))) {
      expect(status).toBe('expired');
    }
    await shown.first().click();
    await expect(details(page).getByTestId('reminder-status')).toHaveText('Просрочено');
    // An expired reminder can be moved, nothing else.
    await expect(details(page).getByRole('button', { name: 'Перенести задачу' })).toBeVisible();
    await expect(details(page).getByRole('button', { name: 'Выполнить задачу' })).toHaveCount(0);
    await expect(details(page).getByRole('button', { name: 'Отменить задачу' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  } else {
    await expect(card.getByText('Нет напоминаний со статусом «Просрочено».')).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('an article attached by a scenario opens over its reminder, and has an address of its own', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, DEMO_ADMIN.email);
  const get = async <T>(path: string) => {
    const res = await request.get(`${admin.base}${path}`, { headers: admin.headers });
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { response: T }).response;
  };
  const topics = await get<{ id: number }[]>('/knowledge-base/categories');
  const posts = await get<{ data: { id: number; title: string }[] }>(
    `/knowledge-base/posts?category=${topics[0]!.id}&page=1`,
  );
  const post = posts.data[0]!;
  const categories = await get<{ id: number; name: string }[]>('/client-categories');
  const title = `Прочитать статью ${Date.now().toString(36)}`;

  await signInWithToken(page, request, DEMO_ADMIN.email);
  // The first client on the board enters another stage, whose new scenario attaches the article.
  const { panel } = await openClientPanel(page, async (clientId) => {
    const client = await get<{ category_id: number }>(`/clients/${clientId}`);
    const stage = categories.find((c) => c.id !== client.category_id)!;
    const scenario = await request.post(`${admin.base}/client-reminder-templates`, {
      headers: admin.headers,
      data: {
        event_type: 'client_category_changed',
        event_id: stage.id,
        title,
        description: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Прочитайте статью' }] }]),
        schedule_for: 24 * 3600,
        remind_before: 0,
        tasks: [],
        posts: [post.id],
      },
    });
    expect(scenario.status()).toBe(201);
    const moved = await request.put(`${admin.base}/clients/${clientId}/update-category`, {
      headers: admin.headers,
      data: { category_id: stage.id },
    });
    expect(moved.status()).toBe(200);
  });
  await panel.getByTestId('reminder-card').filter({ hasText: title }).click();
  await expect(details(page).getByTestId('reminder-details-title')).toHaveText(title);
  const link = details(page).getByRole('link', { name: post.title });
  await expect(link).toHaveAttribute('href', `/knowledge?article=${post.id}`);

  // A click reads it over the reminder; 'Назад' comes back to the reminder.
  await link.click();
  const reader = page.getByRole('dialog', { name: post.title });
  await expect(reader).toBeVisible();
  await expect(page).not.toHaveURL(/\/knowledge/);
  await reader.getByRole('button', { name: 'Назад' }).click();
  await expect(reader).toBeHidden();
  await expect(details(page).getByTestId('reminder-details-title')).toHaveText(title);

  // Its own address opens it in the library, also after a reload; closing takes it out of the address.
  await page.goto(`/knowledge?article=${post.id}`);
  await expect(page.getByRole('dialog', { name: post.title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('dialog', { name: post.title })).toBeVisible();
  await page.getByRole('dialog', { name: post.title }).getByRole('button', { name: 'Назад' }).click();
  await expect(page.getByRole('dialog', { name: post.title })).toBeHidden();
  await expect(page).not.toHaveURL(/article=/);
  // Reading from the list puts the article in the address too.
  await page.getByTestId('article').first().getByRole('button').first().click();
  await expect(page).toHaveURL(/article=\d+/);
});
