import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  box,
  DEMO_ADMIN,
  DEMO_MANAGER,
  DEMO_OWNER,
  demoApi,
  SCREENSHOTS,
  signInWithToken,
  seriousViolations,
  saveShot,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/search`;
const DETAILS = 'Подробная информация о клиенте';

type Envelope<T> = { response: T };
type Field = { id: number; type: string; name: string; options: { id: number; name: string }[] };
type Category = { id: number; name: string };
type ClientBody = {
  name: string;
  last_name: string;
  amount?: number;
  traffic?: boolean;
  category_id: number;
  fields?: { field_id: number; value: string }[];
};

/** The demo project through the API, as one of its people. */
const apiAs = async (request: APIRequestContext, email: string) => {
  const { headers, projectId, base } = await demoApi(request, email);
  const get = async <T>(path: string): Promise<T> => {
    const res = await request.get(`${base}${path}`, { headers });
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as Envelope<T>).response;
  };
  const createClient = async (body: ClientBody) => {
    const res = await request.post(`${base}/clients`, { headers, data: body });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as Envelope<{ id: number }>).response.id;
  };
  return { projectId, get, createClient };
};

/** The demo's categories and form: the first two stages, the phone field, the searchable 'Источник'. */
const demoSetup = async (api: Awaited<ReturnType<typeof apiAs>>) => {
  const categories = await api.get<Category[]>('/client-categories');
  const groups = await api.get<{ fields: Field[] }[]>('/form');
  const fields = groups.flatMap((g) => g.fields);
  const phone = fields.find((f) => f.type === 'phone_number')!;
  const source = fields.find((f) => f.type === 'select' && f.name === 'Источник')!;
  const option = (name: string) => source.options.find((o) => o.name === name)!.id;
  // The demo form requires a phone: every client gets one no search here looks for.
  const phoneValue = () => [
    { field_id: phone.id, value: `7900${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
  ];
  return { first: categories[0]!, second: categories[1]!, phone, source, option, phoneValue };
};

/** A word no other test or demo client has: Cyrillic letters only, so no digit ever matches a phone. */
const CYRILLIC = 'бвгджзклмнпрстфхцчшщ';
const uniqueWord = () => {
  const seed = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
  return [...seed].map((c) => CYRILLIC[parseInt(c, 36) % CYRILLIC.length]).join('');
};
const LATIN = 'bcdfghjklmnpqrstvwxz';
const uniqueLatin = () => uniqueWord().replace(/./g, (c) => LATIN[CYRILLIC.indexOf(c)] ?? 'x');

/** Signed in, with the project loaded (the search needs it). */
const signIn = async (page: Page, request: APIRequestContext, email: string) => {
  await signInWithToken(page, request, email);
  await expect(page.getByTestId('account-role')).toHaveText(/^(Админ|Менеджер)$/);
};

const openSearchFromHeader = async (page: Page, text: string) => {
  await page.getByPlaceholder('Поиск....').click();
  const dialog = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(text);
  return dialog;
};

const results = (dialog: Locator) =>
  dialog.getByRole('listbox', { name: 'Найденные клиенты' }).getByRole('option');
const names = (dialog: Locator) => results(dialog).locator('span[class*="optionName"]');

test('header search: a Cyrillic substring, a Latin name and a phone, with the match marked', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_ADMIN.email);
  const demo = await demoSetup(api);
  const word = uniqueWord();
  const latin = uniqueLatin();
  const digits = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  await api.createClient({
    name: 'Ярополк',
    last_name: `Ще${word}ов`,
    amount: 12500,
    category_id: demo.first.id,
    fields: [{ field_id: demo.phone.id, value: `7916${digits}` }],
  });
  await api.createClient({
    name: 'Ярослава',
    last_name: `Ще${word}ова`,
    category_id: demo.second.id,
    fields: demo.phoneValue(),
  });
  await api.createClient({
    name: `Jonathan${latin}`,
    last_name: 'Quill',
    traffic: true,
    category_id: demo.second.id,
    fields: demo.phoneValue(),
  });

  await signIn(page, request, DEMO_ADMIN.email);
  // What is typed in the header goes on in the modal's box, which has the focus.
  const dialog = await openSearchFromHeader(page, word.slice(0, 4));
  const input = dialog.getByRole('searchbox', { name: 'Поиск клиентов' });
  await expect(input).toBeFocused();
  await input.pressSequentially(word.slice(4));
  await expect(input).toHaveValue(word);
  await expect(results(dialog)).toHaveCount(2);
  await expect(dialog.getByText('Найдено: 2')).toBeVisible();
  // The substring in the middle of the last name is marked in both.
  await expect(results(dialog).first().locator('mark')).toHaveText(word);
  expect((await names(dialog).allTextContents()).sort()).toEqual([
    `Ярополк Ще${word}ов`,
    `Ярослава Ще${word}ова`,
  ]);
  // The category chip and the amount.
  const first = results(dialog).filter({ hasText: 'Ярополк' });
  await expect(first).toContainText(demo.first.name);
  await expect(first).toContainText('12\u2009500');
  await expect(first).toContainText(`7916${digits}`);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/search-cyrillic-1440.png` });

  // Upper case finds the same (case-insensitive).
  await input.fill(word.toUpperCase());
  await expect(results(dialog)).toHaveCount(2);

  // A Latin name.
  await input.fill(`jonathan${latin}`);
  await expect(names(dialog)).toHaveText([`Jonathan${latin} Quill`]);
  await expect(results(dialog).first()).toContainText('Траффик');

  // The phone, by a run of its digits; the digits are marked in the shown phone.
  await input.fill(digits);
  await expect(names(dialog)).toHaveText([`Ярополк Ще${word}ов`]);
  await expect(results(dialog).first().locator('mark')).toHaveText(digits);

  // Nothing matches.
  await input.fill(`${word}ъъъ`);
  await expect(dialog.getByText('Ничего не найдено')).toBeVisible();
  await expect(results(dialog)).toHaveCount(0);
  await saveShot(page, { path: `${SHOTS}/search-nothing-1440.png` });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('search filters: category, sort, traffic and a searchable field option; arrows, Enter, Esc', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_ADMIN.email);
  const demo = await demoSetup(api);
  const word = uniqueWord();
  const source = (name: string) => [
    ...demo.phoneValue(),
    { field_id: demo.source.id, value: String(demo.option(name)) },
  ];
  await api.createClient({
    name: 'Ярополк',
    last_name: `Щ${word}ов`,
    amount: 100,
    category_id: demo.first.id,
    fields: source('Сайт'),
  });
  await api.createClient({
    name: 'Jonathan',
    last_name: `Щ${word}ин`,
    amount: 300,
    traffic: true,
    category_id: demo.second.id,
    fields: source('Реклама'),
  });
  await api.createClient({
    name: 'Ярослава',
    last_name: `Щ${word}ова`,
    amount: 200,
    category_id: demo.second.id,
    fields: demo.phoneValue(),
  });

  await signIn(page, request, DEMO_ADMIN.email);
  await page.keyboard.press('Control+KeyK');
  const dialog = page.getByRole('dialog', { name: 'Поиск клиентов' });
  const input = dialog.getByRole('searchbox', { name: 'Поиск клиентов' });
  // Debounced: once the search has loaded, a word typed key by key asks once, for the whole word.
  // Typed without pauses: a busy machine stretching a 40 ms pause past the debounce would ask twice.
  await expect(dialog.getByLabel('Категория')).toBeVisible();
  const texts: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/clients/search') && url.searchParams.has('search'))
      texts.push(url.searchParams.get('search')!);
  });
  await input.pressSequentially(word);
  await expect(results(dialog)).toHaveCount(3);
  expect(texts).toEqual([word]);

  const sort = dialog.getByLabel('Сортировка');
  await sort.selectOption({ label: 'Сумма: по возрастанию' });
  await expect(names(dialog)).toHaveText([
    `Ярополк Щ${word}ов`,
    `Ярослава Щ${word}ова`,
    `Jonathan Щ${word}ин`,
  ]);
  await sort.selectOption({ label: 'Сумма: по убыванию' });
  await expect(names(dialog)).toHaveText([
    `Jonathan Щ${word}ин`,
    `Ярослава Щ${word}ова`,
    `Ярополк Щ${word}ов`,
  ]);
  await sort.selectOption({ label: 'Фамилия: от А до Я' });
  await expect(names(dialog)).toHaveText([
    `Jonathan Щ${word}ин`,
    `Ярополк Щ${word}ов`,
    `Ярослава Щ${word}ова`,
  ]);
  await sort.selectOption({ label: 'Фамилия: от Я до А' });
  await expect(names(dialog)).toHaveText([
    `Ярослава Щ${word}ова`,
    `Ярополк Щ${word}ов`,
    `Jonathan Щ${word}ин`,
  ]);

  await dialog.getByLabel('Категория').selectOption({ label: demo.second.name });
  await expect(names(dialog)).toHaveText([`Ярослава Щ${word}ова`, `Jonathan Щ${word}ин`]);
  await expect(dialog.getByLabel('Сортировка')).toHaveValue('last_name:desc');

  // Traffic: exclusive; sent as traffic=1 for 'Траффик', 0 for 'Фарм', left out for 'Все'.
  const traffic = dialog.getByRole('group', { name: 'Фарм или траффик' });
  let asked = page.waitForRequest(
    (r) => r.url().includes('/clients/search') && r.url().includes('traffic=1'),
  );
  await traffic.getByRole('radio', { name: 'Траффик' }).check();
  await asked;
  await expect(names(dialog)).toHaveText([`Jonathan Щ${word}ин`]);
  asked = page.waitForRequest((r) => r.url().includes('/clients/search') && r.url().includes('traffic=0'));
  await traffic.getByRole('radio', { name: 'Фарм' }).check();
  await asked;
  await expect(names(dialog)).toHaveText([`Ярослава Щ${word}ова`]);
  await expect(traffic.getByRole('radio', { name: 'Траффик' })).not.toBeChecked();
  asked = page.waitForRequest((r) => r.url().includes('/clients/search') && !r.url().includes('traffic='));
  await traffic.getByRole('radio', { name: 'Все' }).check();
  await asked;
  await expect(names(dialog)).toHaveText([`Ярослава Щ${word}ова`, `Jonathan Щ${word}ин`]);
  await saveShot(page, { path: `${SHOTS}/search-filters-1440.png` });

  // The searchable select field, then its option.
  await dialog.getByLabel('Категория').selectOption({ label: 'Все категории' });
  await expect(dialog.getByLabel('Значение')).toBeDisabled();
  await dialog.getByLabel('Поле').selectOption({ label: 'Источник' });
  await dialog.getByLabel('Значение').selectOption({ label: 'Реклама' });
  await expect(names(dialog)).toHaveText([`Jonathan Щ${word}ин`]);
  await dialog.getByLabel('Значение').selectOption({ label: 'Сайт' });
  await expect(names(dialog)).toHaveText([`Ярополк Щ${word}ов`]);

  // Back to the defaults: three results, the first one active.
  await dialog.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(results(dialog)).toHaveCount(3);
  await expect(dialog.getByLabel('Сортировка')).toHaveValue('created_at:desc');
  await dialog.getByLabel('Сортировка').selectOption({ label: 'Сумма: по убыванию' });
  await expect(names(dialog)).toHaveText([
    `Jonathan Щ${word}ин`,
    `Ярослава Щ${word}ова`,
    `Ярополк Щ${word}ов`,
  ]);
  await input.focus();
  const activeName = async () => {
    const id = await input.getAttribute('aria-activedescendant');
    return page.locator(`[id="${id}"] span[class*="optionName"]`).textContent();
  };
  await expect(results(dialog).nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(results(dialog).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(results(dialog).nth(0)).toHaveAttribute('aria-selected', 'false');
  expect(await activeName()).toBe(`Ярослава Щ${word}ова`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  // The last stays active at the end of the list.
  await expect(results(dialog).nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  expect(await activeName()).toBe(`Ярослава Щ${word}ова`);
  await expect(input).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // Enter opens the active client in the side panel, in edit mode.
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: DETAILS });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel(/^Имя/)).toHaveValue('Ярослава');
  await expect(panel.getByLabel(/^Фамилия/)).toHaveValue(`Щ${word}ова`);
  await expect.poll(async () => (await box(panel))?.right).toBe(1440);
  await saveShot(page, { path: `${SHOTS}/search-side-panel-1440.png` });

  // Esc closes the panel, then the search.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a manager finds only his own clients', async ({ page, request }) => {
  const admin = await apiAs(request, DEMO_ADMIN.email);
  const manager = await apiAs(request, DEMO_MANAGER.email);
  const demo = await demoSetup(admin);
  const word = uniqueWord();
  await admin.createClient({
    name: 'Админский',
    last_name: `Ж${word}`,
    category_id: demo.first.id,
    fields: demo.phoneValue(),
  });
  await manager.createClient({
    name: 'Свой',
    last_name: `Ж${word}`,
    category_id: demo.first.id,
    fields: demo.phoneValue(),
  });

  await signIn(page, request, DEMO_MANAGER.email);
  const dialog = await openSearchFromHeader(page, `ж${word}`);
  await expect(names(dialog)).toHaveText([`Свой Ж${word}`]);
  // The admin's client is not found, even by its own name.
  await dialog.getByRole('searchbox').fill(`Админский Ж${word}`);
  await expect(dialog.getByText('Ничего не найдено')).toBeVisible();
  // A manager is not shown whose client it is (they are all his).
  await dialog.getByRole('searchbox').fill(`Ж${word}`);
  await expect(results(dialog).first()).not.toContainText(DEMO_MANAGER.name);
});

test('the manager page lists his clients, 20 a page, and opens one in the side panel', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_ADMIN.email);
  const members = await api.get<{ id: number; name: string }[]>('/members');
  const manager = members.find((m) => m.name === DEMO_MANAGER.name)!;
  const owner = members.find((m) => m.name === DEMO_OWNER.name)!;
  const expected = await api.get<{
    total: number;
    last_page: number;
    data: { name: string; last_name: string }[];
  }>(`/clients/search?manager_id=${manager.id}`);
  expect(expected.total).toBeGreaterThan(20);

  await signIn(page, request, DEMO_ADMIN.email);
  await page.goto(`/managers/${manager.id}`);
  const card = page.getByRole('region', { name: /^Клиенты/ });
  await expect(card.getByRole('heading', { name: /^Клиенты/ })).toHaveText(`Клиенты${expected.total}`);
  const rows = card.getByTestId('manager-client');
  await expect(rows).toHaveCount(20);
  // Newest first, as the API answers.
  const newest = expected.data[0]!;
  await expect(rows.first()).toContainText(`${newest.name} ${newest.last_name}`);
  await expect(card.getByText(`Страница 1 из ${expected.last_page}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/manager-clients-1440.png`, fullPage: true });

  await card.getByRole('button', { name: 'Вперёд' }).click();
  await expect(card.getByText(`Страница 2 из ${expected.last_page}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Назад' })).toBeEnabled();

  await rows.first().click();
  const panel = page.getByRole('dialog', { name: DETAILS });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel(/^Имя/)).not.toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Someone without clients.
  await page.goto(`/managers/${owner.id}`);
  await expect(
    page.getByRole('region', { name: /^Клиенты/ }).getByText('У менеджера пока нет клиентов'),
  ).toBeVisible();
});

test('390 px: the search is a full-screen sheet, the manager page stacks its rows', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_ADMIN.email);
  const members = await api.get<{ id: number; name: string }[]>('/members');
  const manager = members.find((m) => m.name === DEMO_MANAGER.name)!;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, request, DEMO_ADMIN.email);

  const dialog = await openSearchFromHeader(page, 'Ива');
  await expect(results(dialog).first()).toBeVisible();
  await expect(dialog.getByText(/^Найдено: \d+$/)).toBeVisible();
  await expect.poll(async () => box(dialog)).toMatchObject({ x: 0, width: 390 });
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // The selects fold behind 'Фильтры'; the traffic switch stays.
  await expect(dialog.getByLabel('Категория')).toBeHidden();
  await expect(dialog.getByRole('radio', { name: 'Фарм' })).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/search-390.png` });
  await dialog.getByRole('button', { name: 'Фильтры' }).click();
  await dialog.getByLabel('Сортировка').selectOption({ label: 'Сумма: по убыванию' });
  await expect(dialog.getByRole('button', { name: 'Фильтры (1)' })).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/search-390-filters.png` });
  await page.keyboard.press('Escape');

  await page.goto(`/managers/${manager.id}`);
  const card = page.getByRole('region', { name: /^Клиенты/ });
  await expect(card.getByTestId('manager-client')).toHaveCount(20);
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await saveShot(page, { path: `${SHOTS}/manager-clients-390.png`, fullPage: true });
});

test("letters typed just as the search's code arrives are all kept", async ({ page, request }) => {
  await signIn(page, request, DEMO_ADMIN.email);
  // The body's code is held: the stand-in box takes the first letters meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/client-search-modal-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // The moment the loaded box takes the focus, on a busy phone: the commit runs long, and two
  // more letters arrive before React's effects that follow it.
  await page.evaluate(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    document.addEventListener('focusin', (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.getAttribute('aria-autocomplete') !== 'list') return;
      const busyUntil = performance.now() + 20;
      while (performance.now() < busyUntil);
      queueMicrotask(() => {
        for (const letter of ['б', 'в']) {
          setValue.call(input, input.value + letter);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      });
    });
  });
  await page.getByPlaceholder('Поиск....').click();
  const dialog = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('ща');
  const input = dialog.getByRole('searchbox', { name: 'Поиск клиентов' });
  await expect(input).toHaveValue('ща');
  release();
  await expect(dialog.locator('input[aria-autocomplete="list"]')).toBeFocused();
  await expect(input).toHaveValue('щабв');
  await page.keyboard.type('г');
  await expect(input).toHaveValue('щабвг');
});

test('the search shows skeletons while it loads and a retry when it fails', async ({ page, request }) => {
  await signIn(page, request, DEMO_ADMIN.email);
  let fail = true;
  await page.route('**/clients/search?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    if (fail) await route.fulfill({ status: 500, json: { success: false, message: 'Ошибка сервера' } });
    else await route.continue();
  });
  await page.keyboard.press('Control+KeyK');
  const dialog = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await expect(dialog.getByLabel('Загрузка результатов')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/search-loading-1440.png` });
  await expect(dialog.getByText('Не удалось выполнить поиск.')).toBeVisible({ timeout: 10_000 });
  await saveShot(page, { path: `${SHOTS}/search-error-1440.png` });
  fail = false;
  await dialog.getByRole('button', { name: 'Повторить' }).click();
  await expect(results(dialog).first()).toBeVisible({ timeout: 10_000 });
  // Page after page: 'Показать ещё' appends the next 20.
  await expect(results(dialog)).toHaveCount(20);
  await dialog.getByRole('button', { name: 'Показать ещё' }).click();
  await expect(results(dialog)).toHaveCount(40, { timeout: 10_000 });
});
