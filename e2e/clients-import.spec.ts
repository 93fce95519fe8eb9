import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from './test';
import {
  animationsDone,
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  SCREENSHOTS,
  saveShot,
  seriousViolations,
  signInWithToken,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/import`;

/**
 * Text as a Russian Excel saves a CSV: Windows-1251, one byte a letter. Node writes no 1251, but
 * reads it: each byte's character, read back, is the table.
 */
const windows1251 = (() => {
  const decoder = new TextDecoder('windows-1251');
  const bytes = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) bytes.set(decoder.decode(Uint8Array.of(byte)), byte);
  return (text: string) =>
    Buffer.from(
      [...text].map((char) => {
        const byte = bytes.get(char);
        if (byte === undefined) throw new Error(`«${char}» is not in Windows-1251`);
        return byte;
      }),
    );
})();

/** A file's text, whichever of the two encodings the server wrote it in. */
const decoded = (bytes: Buffer) => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
};

type Api = Awaited<ReturnType<typeof demoApi>>;

const apiGet = async <T>(request: APIRequestContext, api: Api, path: string) => {
  const res = await request.get(`${api.base}/${path}`, { headers: api.headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { response: T }).response;
};

/** The clients a search finds (the admin sees every one). */
const found = async (request: APIRequestContext, api: Api, text: string) =>
  (
    await apiGet<{ data: { name: string; last_name: string; manager: { name: string }; amount: number }[] }>(
      request,
      api,
      `clients/search?search=${encodeURIComponent(text)}`,
    )
  ).data;

/** How many clients a search finds. */
const total = async (request: APIRequestContext, api: Api, text: string) =>
  (await apiGet<{ total: number }>(request, api, `clients/search?search=${encodeURIComponent(text)}`)).total;

/** A number as the page writes it: thousands apart by a thin space. */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');

/** Marks on the page whether the progress bar of a check or a run ever showed. */
const watchProgress = (page: Page) =>
  page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { progressSeen: Set<string> }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of Array.from(document.querySelectorAll('[role="progressbar"]'))) {
        seen.add(bar.getAttribute('aria-label') ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
const progressSeen = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { progressSeen: Set<string> }).progressSeen]);

/** The select of a column of the file, by the column's title. */
const target = (page: Page, title: string) => page.getByLabel(`Куда импортировать столбец «${title}»`);

/** Opens the import page from the board, as an admin would. */
const openImport = async (page: Page, request: APIRequestContext) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients');
  await page.getByRole('link', { name: 'Импорт', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Импорт клиентов' })).toBeVisible();
};

const upload = async (page: Page, name: string, mimeType: string, buffer: Buffer) => {
  await page.getByLabel('Выбрать файл').setInputFiles({ name, mimeType, buffer });
  await expect(page).toHaveURL(/\/clients\/import\?id=\d+$/);
  await expect(page.getByTestId('import-file-name')).toHaveText(name);
};

const tile = (page: Page, key: 'new' | 'update' | 'duplicate' | 'errors') =>
  page.getByTestId(`count-${key}`).getByRole('definition').first();

test('a Windows-1251 CSV with semicolons: the mapping, a check with errors and their file, a run with progress, and its undo', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const last = `Импортов${stamp}`;
  // Kyiv's '44 766 …' series: numbers no other test gives (export 767, duplicates 765).
  const phone = (n: number) => `+380 44 766 ${String((Date.now() + n) % 10000).padStart(4, '0')}`;
  // Enough rows for the run to take a moment, each a client of its own ('44 769 …' numbers).
  const filler = `Наполнитель${stamp}`;
  const FILLER_ROWS = 1000;
  const csv = [
    'Имя;Фамилия;Мобильный;Сумма;Откуда узнал;Город;Комментарий',
    `Анна;${last};${phone(1)};12 500;Сайт;Киев;"Звонить после обеда; ""важно"""`,
    `Борис;${last};${phone(2)};0;Ярмарка;Львов;`,
    `;${last};${phone(3)};100;Реклама;Одесса;без имени`,
    `Вера;${last};12;300;Реклама;Харьков;плохой номер`,
    `Глеб;${last};${phone(5)};;Рекомендация;"Днепр,
центр";`,
    ...Array.from(
      { length: FILLER_ROWS },
      (_, i) => `Клиент${i};${filler};+380 44 769 ${String(i).padStart(4, '0')};${i};Сайт;Киев;`,
    ),
  ].join('\r\n');
  const file = `Клиенты из старой CRM — выгрузка ${stamp}.csv`;

  await watchProgress(page);
  await openImport(page, request);
  await expect(page.getByText('CSV (UTF-8 или Windows-1251, разделитель ; , или табуляция)')).toBeVisible();
  await upload(page, file, 'text/csv', windows1251(`${csv}\r\n`));

  // The file was read as Windows-1251 with ';': the columns carry their Russian titles and values.
  await expect(page.getByText('CSV · Windows-1251 · разделитель «;»')).toBeVisible();
  await expect(page.getByTestId('import-column')).toHaveCount(7);
  await expect(page.getByRole('list', { name: 'Первые строки столбца «Город»' })).toContainText('Киев');
  // Guessed from the headers (a form field's name, the usual words); the rest chosen here.
  await expect(target(page, 'Имя')).toHaveValue('name');
  await expect(target(page, 'Фамилия')).toHaveValue('last_name');
  await expect(target(page, 'Сумма')).toHaveValue('amount');
  await expect(target(page, 'Город')).toHaveValue(/^field:\d+$/);
  await expect(target(page, 'Комментарий')).toHaveValue('note');
  await expect(target(page, 'Мобильный')).toHaveValue('');
  await expect(page.getByTestId('import-missing-required')).toContainText('«Телефон»');
  await target(page, 'Мобильный').selectOption({ label: 'Телефон' });
  await expect(page.getByTestId('import-missing-required')).toHaveCount(0);
  await target(page, 'Откуда узнал').selectOption({ label: 'Источник' });
  // One target takes one column.
  await target(page, 'Город').selectOption('name');
  await expect(
    page.getByRole('alert').filter({ hasText: '«Имя» уже выбрано для столбца «Имя»' }),
  ).toBeVisible();
  await target(page, 'Город').selectOption({ label: 'Город' });
  // No category column: the clients need one, and 'Проверить' says so.
  await page.getByRole('button', { name: 'Проверить', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Выберите категорию' })).toBeVisible();
  await page.getByLabel('Категория для клиентов без неё').selectOption({ index: 1 });
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/mapping-1440.png`, fullPage: true });

  await page.getByRole('button', { name: 'Проверить', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Результат проверки' })).toBeVisible({ timeout: 30_000 });
  // Nothing is written by a check.
  const api = await demoApi(request, DEMO_ADMIN.email);
  expect(await found(request, api, last)).toEqual([]);
  // Row 4 has no name, row 5 a number that is none; 'Ярмарка' is no option of 'Источник'.
  const errors = page.getByTestId('import-error-row');
  await expect(errors.filter({ hasText: /^4/ })).toHaveCount(1);
  await expect(errors.filter({ hasText: /^5/ })).toContainText('Мобильный');
  const unknown = page.getByTestId('import-unknown-option');
  await expect(unknown).toHaveText(/Нет такого варианта в поле «Источник»: «Ярмарка» — 1 строка/);
  await expect(tile(page, 'new')).toHaveText(count(2 + FILLER_ROWS));
  await expect(tile(page, 'errors')).toHaveText('3');
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/checked-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await animationsDone(page);
  await saveShot(page, { path: `${SHOTS}/checked-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The bad rows as the file came, each with its reason in a last 'Ошибка' column.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать строки с ошибками' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = decoded(await readFile(await download.path()));
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  expect(lines[0]).toMatch(/Ошибка/);
  expect(text).toContain('без имени');
  expect(text).toContain('плохой номер');
  expect(text).not.toContain('Анна');

  // The unknown value is skipped: its row is imported without it, once checked again.
  await unknown.getByLabel('Пропустить значение').check();
  await expect(unknown.getByLabel('Пропустить значение')).toBeChecked();
  await expect(page.getByTestId('import-check-stale')).toBeVisible();
  const run = page.getByRole('button', { name: /^Импортировать/ });
  await expect(run).toBeDisabled();
  await page.getByRole('button', { name: 'Проверить снова' }).click();
  await expect(page.getByTestId('import-check-stale')).toHaveCount(0, { timeout: 30_000 });
  await expect(tile(page, 'new')).toHaveText(count(3 + FILLER_ROWS), { timeout: 30_000 });
  await expect(tile(page, 'errors')).toHaveText('2');

  await expect(run).toHaveText(`Импортировать ${count(3 + FILLER_ROWS)} клиентов`);
  await run.click();
  await expect(page.getByRole('heading', { name: 'Импорт завершён' })).toBeVisible({ timeout: 60_000 });
  const seen = await progressSeen(page);
  expect(seen).toContain('Проверяем файл…');
  expect(
    seen.some((label) => label === 'Импортируем…' || label === 'Начинаем импорт…'),
    seen.join(', '),
  ).toBe(true);
  await expect(tile(page, 'new')).toHaveText(count(3 + FILLER_ROWS));
  await expect(tile(page, 'errors')).toHaveText('2');
  const imported = await found(request, api, last);
  expect(imported.map((c) => c.name).sort()).toEqual(['Анна', 'Борис', 'Глеб']);
  expect(imported.find((c) => c.name === 'Анна')!.amount).toBe(12500);
  expect(await total(request, api, filler)).toBe(FILLER_ROWS);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/report-1440.png`, fullPage: true });

  // A reload comes back to the same import; the list names it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Импорт завершён' })).toBeVisible();
  await page.getByRole('link', { name: 'Все импорты' }).click();
  await expect(page.getByTestId('import-list-item').filter({ hasText: file })).toContainText('Завершён');
  await page.getByRole('link', { name: file }).click();

  // Undo: asked first, then the clients it created are gone.
  await page.getByRole('button', { name: 'Отменить импорт' }).click();
  const dialog = page.getByRole('dialog', { name: `Отменить импорт «${file}»?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Да, отменить импорт' }).click();
  await expect(page.getByRole('heading', { name: 'Импорт отменён' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Отменить импорт' })).toHaveCount(0);
  expect(await found(request, api, last)).toEqual([]);
  expect(await total(request, api, filler)).toBe(0);
});

test('an XLSX: its sheet chosen, English headers, categories and managers by name, duplicates filled, undo refused once changed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const last = `Книжный${stamp}`;
  const api = await demoApi(request, DEMO_ADMIN.email);
  const categories = await apiGet<{ id: number; name: string }[]>(request, api, 'client-categories');
  const fields = (await apiGet<{ fields: { id: number; name: string }[] }[]>(request, api, 'form')).flatMap(
    (g) => g.fields,
  );
  const phoneField = fields.find((f) => f.name === 'Телефон')!;
  // A client the file duplicates by its phone, written otherwise (Moscow's '495 768 …': no other
  // test's; the demo project reads numbers without a code as Russian).
  const digits = String(Date.now() % 10000).padStart(4, '0');
  const existing = await request.post(`${api.base}/clients`, {
    headers: api.headers,
    data: {
      name: 'Дарья',
      last_name: last,
      category_id: categories[0]!.id,
      fields: [{ field_id: phoneField.id, value: `+7 495 768 ${digits}` }],
    },
  });
  expect(existing.status(), await existing.text()).toBe(201);

  const workbook = new ExcelJS.Workbook();
  // A title page first, as workbooks often have: the server reads it until told otherwise.
  const note = workbook.addWorksheet('Инструкция');
  note.addRow(['Как заполнить']);
  note.addRow(['Клиенты — на листе «Клиенты»']);
  const sheet = workbook.addWorksheet('Клиенты');
  sheet.addRow(['First name', 'Last name', 'Phone', 'Category', 'Manager', 'Amount', 'City']);
  const next = String((Number(digits) + 1) % 10000).padStart(4, '0');
  sheet.addRow(['Ева', last, `+7 495 768 ${next}`, categories[1]!.name, DEMO_MANAGER.email, 5000, 'Киев']);
  // The same number as the existing client's, as people write it at home (the trunk prefix 8).
  sheet.addRow([
    'Дарья',
    last,
    `8 (495) 768-${digits.slice(0, 2)}-${digits.slice(2)}`,
    '',
    DEMO_MANAGER.name,
    0,
    'Полтава',
  ]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const file = `clients-${stamp}.xlsx`;

  await watchProgress(page);
  await openImport(page, request);
  await upload(page, file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer);

  // Two sheets: the one with the clients is chosen, its columns read anew.
  await expect(page.getByLabel('Лист')).toHaveValue('Инструкция');
  await expect(page.getByTestId('import-column')).toHaveCount(1);
  await page.getByLabel('Лист').selectOption('Клиенты');
  await expect(page.getByTestId('import-column')).toHaveCount(7);
  await expect(page.getByText('Excel · лист «Клиенты»')).toBeVisible();
  await expect(target(page, 'First name')).toHaveValue('name');
  await expect(target(page, 'Last name')).toHaveValue('last_name');
  await target(page, 'Phone').selectOption({ label: 'Телефон' });
  await target(page, 'Category').selectOption('category');
  await target(page, 'Manager').selectOption('manager');
  await target(page, 'Amount').selectOption('amount');
  await target(page, 'City').selectOption({ label: 'Город' });
  // A row without a category goes to the default one; a duplicate fills the client's empty values.
  await page.getByLabel('Категория для клиентов без неё').selectOption({ label: categories[0]!.name });
  await page.getByLabel('Дополнить пустые значения').check();
  await page.setViewportSize({ width: 390, height: 844 });
  await animationsDone(page);
  // On a phone each column is a block with its select in reach.
  const select = await target(page, 'City').boundingBox();
  expect(select && select.x >= 0 && select.x + select.width <= 390).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/mapping-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Проверить', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Результат проверки' })).toBeVisible({ timeout: 30_000 });
  await expect(tile(page, 'new')).toHaveText('1');
  await expect(tile(page, 'update')).toHaveText('1');
  await expect(tile(page, 'errors')).toHaveText('0');
  await page.getByRole('button', { name: 'Импортировать 2 клиентов' }).click();
  await expect(page.getByRole('heading', { name: 'Импорт завершён' })).toBeVisible({ timeout: 30_000 });
  expect(await progressSeen(page)).toContain('Проверяем файл…');

  const clients = await found(request, api, last);
  expect(clients.map((c) => c.name).sort()).toEqual(['Дарья', 'Ева']);
  expect(clients.find((c) => c.name === 'Ева')!.manager.name).toBe(DEMO_MANAGER.name);

  // The filled client changes since: the undo is refused with the server's reason.
  const darya = (
    await apiGet<{ data: { id: number; name: string }[] }>(
      request,
      api,
      `clients/search?search=${encodeURIComponent(`Дарья ${last}`)}`,
    )
  ).data[0]!;
  const changed = await request.put(`${api.base}/clients/${darya.id}`, {
    headers: api.headers,
    data: {
      name: 'Дарья Изменённая',
      last_name: last,
      category_id: categories[0]!.id,
      fields: [{ field_id: phoneField.id, value: `+7 495 768 ${digits}` }],
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Отменить импорт' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Да, отменить импорт' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('import-undo-refused')).toContainText('изменились клиенты (1)');
  // Nothing was undone: both clients stay.
  expect(await total(request, api, last)).toBe(2);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/undo-refused-1440.png`, fullPage: true });
});

test('a file the server cannot read is refused under the drop zone, and nothing is created', async ({
  page,
  request,
}) => {
  await openImport(page, request);
  await page
    .getByLabel('Выбрать файл')
    .setInputFiles({ name: 'header-only.csv', mimeType: 'text/csv', buffer: Buffer.from('Имя;Фамилия\r\n') });
  await expect(page.getByTestId('import-upload-error')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/clients\/import$/);
  await page
    .getByLabel('Выбрать файл')
    .setInputFiles({ name: 'clients.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByTestId('import-upload-error')).toHaveText(
    'Загрузите таблицу в формате .csv или .xlsx',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/upload-refused-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await animationsDone(page);
  await saveShot(page, { path: `${SHOTS}/upload-refused-390.png`, fullPage: true });
});

test('a manager has no import: no button on the board, and the page is closed to him', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_MANAGER.email, '/clients');
  await expect(page.getByRole('button', { name: 'Экспорт', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Импорт', exact: true })).toHaveCount(0);
  await page.goto('/clients/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toBeVisible();
});
