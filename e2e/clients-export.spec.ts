import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from './test';
import {
  animationsDone,
  DEMO_ADMIN,
  demoApi,
  SCREENSHOTS,
  saveShot,
  seriousViolations,
  signInWithToken,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/export`;

/**
 * A client of the demo admin with a unique name, created now (today, in the project's days), with
 * the demo form's required phone: Moscow's '495 767 …' series, which no other test gives.
 */
const newClient = async (request: APIRequestContext, name: string) => {
  const api = await demoApi(request, DEMO_ADMIN.email);
  const get = async <T>(path: string) =>
    ((await (await request.get(`${api.base}/${path}`, { headers: api.headers })).json()) as { response: T })
      .response;
  const category = (await get<{ id: number; name: string }[]>('client-categories'))[0]!;
  const phone = (await get<{ fields: { id: number; name: string }[] }[]>('form'))
    .flatMap((g) => g.fields)
    .find((f) => f.name === 'Телефон')!;
  const res = await request.post(`${api.base}/clients`, {
    headers: api.headers,
    data: {
      name,
      last_name: '=Экспортов',
      amount: 12500,
      category_id: category.id,
      fields: [{ field_id: phone.id, value: `+7 495 767 ${String(Date.now()).slice(-4)}` }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { response: { id: number } }).response.id, category: category.name };
};

/** Chooses a format in the 'Экспорт' menu and returns the file the browser saved. */
const exportAs = async (page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string) => {
  await scope.getByRole('button', { name: 'Экспорт', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: label }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
};

const xlsxRows = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

const csvRows = (bytes: Buffer) => {
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
};

test('the board exports what its dates keep, as XLSX and as CSV, and both read back', async ({
  page,
  request,
}) => {
  const name = `Выгрузка${Date.now().toString(36)}`;
  const client = await newClient(request, name);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
  await signInWithToken(page, request, DEMO_ADMIN.email, `/clients?from=${today}`);
  await expect(page.getByText(name)).toBeVisible();

  const xlsx = await exportAs(page, page, 'Excel (.xlsx)');
  expect(xlsx.name).toBe(`Клиенты ${today}.xlsx`);
  const rows = await xlsxRows(xlsx.bytes);
  expect(rows[0]!.slice(0, 8)).toEqual([
    'ID',
    'Имя',
    'Фамилия',
    'Категория',
    'Менеджер',
    'Сумма',
    'Траффик',
    'Создан',
  ]);
  // The demo's form fields follow, each under its name.
  expect(rows[0]).toContain('Телефон');
  const mine = rows.find((r) => r[0] === client.id)!;
  expect(mine.slice(1, 7)).toEqual([name, '=Экспортов', client.category, DEMO_ADMIN.name, 12500, 'Нет']);
  // Only today's clients: every row was created today.
  const day = (at: Date) => at.toISOString().slice(0, 10);
  expect(rows.slice(1).every((r) => day(r[7] as Date) === today)).toBe(true);

  const csv = csvRows((await exportAs(page, page, 'CSV для Excel (.csv)')).bytes);
  expect(csv).toHaveLength(rows.length);
  const line = csv.find((r) => r[0] === String(client.id))!;
  // A formula-looking value is written as text for a spreadsheet.
  expect(line.slice(1, 3)).toEqual([name, `'=Экспортов`]);
  expect(line[5]).toBe('12500');
  await saveShot(page, { path: `${SHOTS}/board-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Экспорт', exact: true })).toBeInViewport();
  await animationsDone(page);
  await saveShot(page, { path: `${SHOTS}/board-390.png` });
});

test('the search exports its matches only; the menu fits a phone', async ({ page, request }) => {
  const name = `Искомый${Date.now().toString(36)}`;
  const client = await newClient(request, name);
  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients');
  await expect(page.getByRole('button', { name: 'Экспорт', exact: true })).toBeVisible();
  await page.keyboard.press('Control+KeyK');
  const dialog = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await dialog.getByRole('searchbox', { name: 'Поиск клиентов' }).fill(name);
  await expect(dialog.getByRole('status').filter({ hasText: /^Найдено/ })).toHaveText('Найдено: 1');
  const csv = csvRows((await exportAs(page, dialog, 'CSV для Excel (.csv)')).bytes);
  expect(csv.slice(1).map((r) => r[0])).toEqual([String(client.id)]);

  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Экспорт', exact: true }).click();
  const item = dialog.getByRole('button', { name: 'Excel (.xlsx)' });
  await expect(item).toBeVisible();
  const box = await item.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/search-menu-390.png` });
});
