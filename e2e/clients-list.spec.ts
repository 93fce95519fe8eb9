import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from './test';
import { DEMO_ADMIN, demoApi, SCREENSHOTS, saveShot, seriousViolations, signInWithToken } from './fixtures';

const SHOTS = `${SCREENSHOTS}/clients-list`;

/** How far a zone's clock is ahead of UTC on a day (minutes), as Intl reads it. */
const offsetMinutes = (zone: string, day: string) => {
  const noon = new Date(`${day}T12:00:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

test('the list view: switch from the board, sort by a header, filter, save a view and pick it again', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients');
  // The board's columns carry their count and the sum of their amounts.
  await expect(page.getByTestId('column-sum').first()).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/board-totals-1440.png` });

  await page.getByRole('group', { name: 'Вид клиентов' }).getByRole('button', { name: 'Список' }).click();
  await expect(page).toHaveURL(/view=list/);
  const rows = page.getByTestId('list-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('list-total')).toContainText('Найдено клиентов');
  await saveShot(page, { path: `${SHOTS}/list-1440.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // Sorting by the amount, ascending then descending.
  const amountHeader = page.getByRole('columnheader', { name: 'Сумма' });
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');

  // A searchable select's option: the field first, then its value; 'Любое поле' lets it go.
  await expect(page.getByTestId('list-total')).toContainText('Найдено клиентов');
  const everyone = await page.getByTestId('list-total').textContent();
  await page.getByLabel('Поле', { exact: true }).selectOption({ label: 'Источник' });
  await page.getByLabel('Источник', { exact: true }).selectOption({ label: 'Реклама' });
  await expect(page.getByTestId('list-total')).not.toHaveText(everyone!);
  await expect(rows.first()).toBeVisible();
  await page.getByLabel('Поле', { exact: true }).selectOption({ label: 'Любое поле' });
  await expect(page.getByTestId('list-total')).toHaveText(everyone!);

  // A filter by stage, saved as a view with the sort; a fresh page picks it again.
  const stage = page.getByLabel('Категория');
  const firstStage = (await stage.locator('option').nth(1).textContent())!;
  await stage.selectOption({ label: firstStage });
  const stageId = await stage.inputValue();
  await expect(rows.first()).toBeVisible();
  const name = `Вид ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Сохранить вид' }).click();
  await page.getByLabel('Название вида').fill(name);
  await page.getByRole('checkbox', { name: 'Показывать всей команде' }).check();
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText(`Вид «${name}» сохранён`)).toBeVisible();

  await page.reload();
  await page.getByLabel('Вид', { exact: true }).selectOption({ label: `${name} · общий` });
  await expect(page.getByLabel('Категория')).toHaveValue(stageId);
  await expect(page.getByRole('columnheader', { name: 'Сумма' })).toHaveAttribute('aria-sort', 'descending');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows.first()).toBeVisible();
  // One thumb: the filters fold behind a button, the rows stay in sight.
  await expect(page.getByLabel('Поиск', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  await expect(page.getByLabel('Поиск', { exact: true })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/list-filters-390.png` });
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  await saveShot(page, { path: `${SHOTS}/list-390.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // A row opens the client's own page.
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
});

type Stage = { id: number; name: string; outcome: string | null };

/**
 * The demo admin's API for this spec (every call must succeed), the pipeline's working stages,
 * and `addFamily`: clients named `Клиент0…` with one last name, one in each stage given, with the
 * demo form's required phone; their ids, in that order.
 */
const adminApi = async (request: APIRequestContext) => {
  const api = await demoApi(request, DEMO_ADMIN.email);
  const send = async <T>(method: 'get' | 'post', path: string, data?: unknown) => {
    const res = await request[method](`${api.base}/${path}`, { headers: api.headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { response: T }).response;
  };
  const get = <T>(path: string) => send<T>('get', path);
  const categories = await get<Stage[]>('client-categories');
  const phone = (await get<{ fields: { id: number; name: string }[] }[]>('form'))
    .flatMap((g) => g.fields)
    .find((f) => f.name === 'Телефон')!;
  const addFamily = async (family: string, stageIds: number[]) => {
    const ids: number[] = [];
    for (const [i, categoryId] of stageIds.entries()) {
      const client = await send<{ id: number }>('post', 'clients', {
        name: `Клиент${i}`,
        last_name: family,
        category_id: categoryId,
        fields: [{ field_id: phone.id, value: `+7 495 768 ${String(Date.now() + i).slice(-4)}` }],
      });
      ids.push(client.id);
    }
    return ids;
  };
  return {
    api,
    send,
    get,
    stages: categories.filter((c) => c.outcome === null),
    lost: categories.find((c) => c.outcome === 'lost')!,
    addFamily,
  };
};

test('bulk: select all that match, move them in one request, and each client’s timeline says so', async ({
  page,
  request,
}) => {
  const { api, get, stages, lost, addFamily } = await adminApi(request);
  const [from, to] = [stages[0]!, stages[1]!];
  const family = `Пачкин${Date.now().toString(36)}`;
  await addFamily(family, [from.id, from.id, from.id]);

  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients?view=list');
  await page.getByLabel('Поиск', { exact: true }).fill(family);
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(3);
  await rows.first().getByRole('checkbox').check();
  const bar = page.getByRole('form', { name: 'Действия с выбранными клиентами' });
  await expect(bar.getByTestId('bulk-count')).toHaveText('Выбрано: 1');
  await bar.getByRole('button', { name: 'Выбрать все 3' }).click();
  await expect(bar.getByTestId('bulk-count')).toHaveText('Выбрано: 3');
  await saveShot(page, { path: `${SHOTS}/bulk-bar-1440.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await bar.getByLabel('Действие').selectOption('move');
  await bar.getByLabel('Куда').selectOption({ label: to.name });
  await bar.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Готово: 3 клиента')).toBeVisible();
  await expect(rows.first().getByRole('cell', { name: to.name })).toBeVisible();

  // A reminder for each, due at a time of the project's clock (the demo's Moscow), whatever the browser's.
  // A done action lets the choice go: the three are chosen again.
  await rows.first().getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Выбрать все 3' }).click();
  await bar.getByLabel('Действие').selectOption('reminder');
  await bar.getByLabel('Напоминание').fill(`Позвонить ${family}`);
  await bar.getByLabel('Когда').fill('2031-05-20T10:30');
  await bar.getByRole('button', { name: 'Применить' }).click();
  // Its end lets the choice go: the next choice is made after it, or the end undoes it.
  await expect(bar).toBeHidden();
  const found = (await get<{ data: { id: number }[] }>(`clients/search?search=${family}`)).data;
  const remindersOf = async () => {
    const ours: { title: string; completion_date: string }[] = [];
    for (const client of found) {
      const theirs = await get<{ data: { title: string; completion_date: string }[] }>(
        `client-reminders?client_id=${client.id}`,
      );
      ours.push(...theirs.data.filter((r) => r.title === `Позвонить ${family}`));
    }
    return ours;
  };
  await expect.poll(async () => (await remindersOf()).length).toBe(3);
  const ours = await remindersOf();
  const { timezone } = (
    (await (await request.get(api.base, { headers: api.headers })).json()) as {
      response: { timezone: string };
    }
  ).response;
  const due = new Date(`2031-05-20T10:30:00Z`).getTime() - offsetMinutes(timezone, '2031-05-20') * 60_000;
  expect(ours.map((r) => r.completion_date)).toEqual(Array(3).fill(new Date(due).toISOString()));

  // Into 'Отказ': the reason is asked once, as for one client, from the admins' list.
  await rows.first().getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Выбрать все 3' }).click();
  await bar.getByLabel('Действие').selectOption('move');
  await bar.getByLabel('Куда').selectOption({ label: lost.name });
  await bar.getByRole('button', { name: 'Применить' }).click();
  const why = page.getByRole('dialog', { name: `Отказ: 3 клиента → «${lost.name}»` });
  await why.getByLabel('Дорого').check();
  await why.getByRole('button', { name: 'Перевести' }).click();
  await expect(why).toBeHidden();
  await expect(rows.first().getByRole('cell', { name: lost.name })).toBeVisible();

  // Each client's own timeline has the move.
  await rows.first().getByRole('link').click();
  const timeline = page.getByTestId('client-timeline');
  await expect(timeline.getByText('Перемещён в другую категорию').first()).toBeVisible();
  await expect(timeline.getByText(to.name).first()).toBeVisible();
  await expect(timeline.getByText(/Дорого/).first()).toBeVisible();
});

test('the list exports the chosen clients only, and filters by the manager’s status', async ({
  page,
  request,
}) => {
  const { stages, addFamily } = await adminApi(request);
  const family = `Выборкин${Date.now().toString(36)}`;
  const ids = await addFamily(family, [stages[0]!.id, stages[0]!.id, stages[0]!.id]);

  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients?view=list');
  await page.getByLabel('Поиск', { exact: true }).fill(family);
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(3);
  // The demo admin's clients are his own; no manager of the status 'Новичок' has them.
  await page.getByLabel('Статус менеджера').selectOption({ label: 'Новичок' });
  await expect(page.getByText('Под эти фильтры не подходит ни один клиент.')).toBeVisible();
  await page.getByLabel('Статус менеджера').selectOption({ label: 'Все статусы' });
  await expect(rows).toHaveCount(3);

  // Newest first: the last two created are the first two rows.
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  const bar = page.getByRole('form', { name: 'Действия с выбранными клиентами' });
  await bar.getByLabel('Действие').selectOption({ label: 'Выгрузить выбранных' });
  await bar.getByLabel('Формат').selectOption({ label: 'CSV для Excel (.csv)' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar.getByRole('button', { name: 'Применить' }).click(),
  ]);
  const text = (await readFile(await download.path())).toString('utf8');
  const exported = text
    .slice(1)
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => Number(line.split(';')[0]));
  expect(exported).toEqual([ids[2], ids[1]]);
});

test('a saved view narrows the board: each column shows its matches, the address keeps it', async ({
  page,
  request,
}) => {
  const { send, addFamily, ...all } = await adminApi(request);
  const stages = all.stages.slice(0, 3);
  const family = `Видов${Date.now().toString(36)}`;
  await addFamily(family, [stages[0]!.id, stages[1]!.id]);
  const view = await send<{ id: number; name: string }>('post', 'client-views', {
    name: `Только ${family}`,
    filters: { search: family },
  });

  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients');
  const column = (name: string) =>
    page
      .getByTestId('board-column')
      .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
  await expect(column(stages[0]!.name).getByTestId('client-card').first()).toBeVisible();
  await page.getByLabel('Вид', { exact: true }).selectOption({ label: view.name });
  await expect(page).toHaveURL(new RegExp(`saved=${view.id}`));
  for (const [i, stage] of stages.slice(0, 2).entries()) {
    await expect(column(stage.name).getByTestId('client-card')).toHaveCount(1);
    await expect(column(stage.name).getByTestId('client-card')).toContainText(`Клиент${i} ${family}`);
    await expect(column(stage.name).getByTestId('column-count')).toHaveText('1');
  }
  await expect(column(stages[2]!.name).getByText('По этому виду здесь клиентов нет.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/board-view-1440.png` });

  // A reload (or the link sent to a colleague) keeps the view; letting it go brings every client back.
  await page.reload();
  await expect(page.getByLabel('Вид', { exact: true })).toHaveValue(String(view.id));
  await expect(column(stages[0]!.name).getByTestId('column-count')).toHaveText('1');
  await page.getByLabel('Вид', { exact: true }).selectOption({ label: 'Без сохранённого вида' });
  await expect(page).not.toHaveURL(/saved=/);
  await expect(column(stages[0]!.name).getByTestId('column-count')).not.toHaveText('1');
});
