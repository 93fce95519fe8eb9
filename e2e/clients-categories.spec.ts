import { expect, test, type APIRequestContext, type Page } from './test';
import {
  box,
  DEMO_ADMIN,
  DEMO_MANAGER,
  DEMO_PASSWORD,
  keyboardDrag,
  saveShot,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
} from './fixtures';
import { FORMATTED_TEXT, typeFormattedText } from './rich-text-typing';

const SHOTS = `${SCREENSHOTS}/editor`;

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();
const rows = (page: Page) => page.getByTestId('category-row');
const row = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByTestId('category-name').getByText(name, { exact: true }) });
const names = (page: Page) => page.getByTestId('category-name').allTextContents();

/** GET under the demo project's categories, as the demo admin. */
const adminGet = async (request: APIRequestContext, path: string) => {
  const login = await request.post('/api/v1/login', {
    data: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
  });
  const { response: auth } = (await login.json()) as { response: { token: string } };
  const headers = { Authorization: `Bearer ${auth.token}` };
  const projects = await request.get('/api/v1/user/projects', { headers });
  const { response: list } = (await projects.json()) as { response: { id: number }[] };
  return request.get(`/api/v1/projects/${list[0]!.id}/client-categories${path}`, { headers });
};

/** The project's categories as the API stores them (what the page must have sent). */
const storedCategories = async (request: APIRequestContext) => {
  const res = await adminGet(request, '');
  const { response } = (await res.json()) as {
    response: {
      id: number;
      name: string;
      duration: number;
      color: string;
      next_category_id: number | null;
      clue: { clue: string } | null;
    }[];
  };
  return response;
};

/** The hint typed in the test: every mark the model has, both lists. */
const FORMATTED_HINT = FORMATTED_TEXT;

/** Types FORMATTED_HINT into the open hint editor with the toolbar and the shortcuts. */
const typeFormattedHint = async (page: Page) => {
  const hint = page.getByRole('dialog', { name: /^Подсказка категории/ });
  const editor = hint.getByRole('textbox');
  await editor.click();
  const toolbar = hint.getByRole('toolbar', { name: 'Форматирование текста' });
  await typeFormattedText(page, toolbar);
};

test('categories: add one with a formatted hint, read it back, edit it, reorder by keyboard, delete it', async ({
  page,
  request,
}) => {
  // One story from adding to deleting, with axe on each state: longer than the default 30 s.
  test.setTimeout(90_000);
  const name = `Этап ${Date.now().toString(36)}`;
  const renamed = `${name} 2`;
  await signInWithToken(page, request, DEMO_ADMIN.email, '/client-category-setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Категории клиентов' })).toBeVisible();
  await expect(row(page, 'Новые заявки')).toBeVisible();
  await expect(row(page, 'Сделка')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The add category modal.
  await page.getByRole('button', { name: 'Добавить категорию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая категория' });
  const add = dialog.getByRole('button', { name: 'Добавить', exact: true });
  await expect(dialog.getByLabel('Название')).toBeFocused();
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Название').fill('   ');
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Название').fill(name);
  await expect(add).toBeEnabled();
  // Hours: digits only, leading zeros stripped.
  const hours = dialog.getByLabel('Время в категории, часов');
  await hours.pressSequentially('00a4 8');
  await expect(hours).toHaveValue('48');
  await dialog.getByLabel('Следующая категория').selectOption({ label: 'Сделка' });
  // The ten presets, by name; the default is checked.
  await expect(dialog.getByRole('radio')).toHaveCount(10);
  await expect(dialog.getByRole('radio', { name: 'Сиреневый' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Голубой' }).check();

  // The hint: created locally, sent after the category.
  await dialog.getByRole('button', { name: 'Добавить подсказку' }).click();
  const hintDialog = page.getByRole('dialog', { name: `Подсказка категории «${name}»` });
  await expect(hintDialog).toBeVisible();
  expect((await box(hintDialog))?.width).toBe(830);
  await typeFormattedHint(page);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/hint-editor-1440.png` });
  await hintDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(hintDialog).toBeHidden();
  await expect(dialog.getByText('Важно')).toBeVisible();
  await expect(dialog.getByText('Подсказка сохранится вместе с категорией.')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/category-modal-1440.png` });
  await add.click();
  await expect(toast(page, 'Категория добавлена!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const created = row(page, name);
  await expect(created).toContainText('48 ч');
  await expect(created).toContainText('Сделка');
  let stored = (await storedCategories(request)).find((c) => c.name === name);
  expect(stored).toMatchObject({ duration: 48 * 3600, color: '88E7FF' });
  expect(JSON.parse(stored!.clue!.clue)).toEqual(FORMATTED_HINT);

  // Read it back in the read-hint modal: the same marks and lists.
  await created.getByRole('button', { name: `Подсказка категории «${name}»` }).click();
  const read = page.getByRole('dialog', { name: `Подсказка категории «${name}»` });
  expect((await box(read))?.width).toBe(830);
  await expect(read.getByText('Важно', { exact: true })).toHaveCSS('font-weight', '700');
  await expect(read.getByText('наклонно')).toHaveCSS('font-style', 'italic');
  await expect(read.getByText('подчёркнуто')).toHaveCSS('text-decoration-line', 'underline');
  await expect(read.getByText('зачёркнуто')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(read.getByText('красным')).toHaveCSS('color', 'rgb(200, 53, 58)');
  await expect(read.getByText('крупно')).toHaveCSS('font-size', '24px');
  await expect(read.locator('ul > li')).toHaveText(['позвонить', 'написать']);
  await expect(read.locator('ol > li')).toHaveText(['первый шаг']);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/read-hint-1440.png` });
  // 'Редактировать' goes to the category modal.
  await read.getByRole('button', { name: 'Редактировать' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать категорию' });
  await expect(edit).toBeVisible();

  // Edit: the next category is never the category itself.
  const nextOptions = await edit.getByLabel('Следующая категория').locator('option').allTextContents();
  expect(nextOptions).not.toContain(name);
  expect(nextOptions).toContain('Сделка');
  await expect(edit.getByLabel('Следующая категория')).toHaveValue(String(stored!.next_category_id));
  await expect(edit.getByRole('radio', { name: 'Голубой' })).toBeChecked();
  await expect(edit.getByLabel('Время в категории, часов')).toHaveValue('48');
  await edit.getByLabel('Название').fill(renamed);
  await edit.getByLabel('Время в категории, часов').fill('072');
  await expect(edit.getByLabel('Время в категории, часов')).toHaveValue('72');
  await edit.getByLabel('Следующая категория').selectOption({ label: 'Без следующей категории' });
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Категория редактирована!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(page, renamed)).toContainText('72 ч');
  stored = (await storedCategories(request)).find((c) => c.name === renamed);
  expect(stored).toMatchObject({ duration: 72 * 3600, next_category_id: null });

  // Reorder by keyboard: the new category (last) goes up one place.
  // The new category is the last ordinary one: 'Успех' and 'Отказ' always stay last.
  const listed = await names(page);
  const outcomes = listed.slice(-2);
  expect(outcomes).toEqual(['Успех', 'Отказ']);
  const before = listed.slice(0, -2);
  expect(before.at(-1)).toBe(renamed);
  const handle = row(page, renamed).getByRole('button', { name: `Переместить категорию «${renamed}»` });
  const above = before.at(-2)!;
  await keyboardDrag(page, handle, ['ArrowUp'], above);
  const expected = [...before.slice(0, -2), renamed, above, ...outcomes];
  await expect.poll(() => names(page)).toEqual(expected);
  await expect.poll(async () => (await storedCategories(request)).map((c) => c.name)).toEqual(expected);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  expect(await names(page)).toEqual(expected);

  // The hint is deleted from the edit modal, after a confirmation, at once.
  await row(page, renamed)
    .getByRole('button', { name: `Редактировать категорию «${renamed}»` })
    .click();
  await expect(edit.getByText('Изменения подсказки сохраняются сразу.')).toBeVisible();
  await edit.getByRole('button', { name: 'Удалить', exact: true }).click();
  const confirmHint = page.getByRole('dialog', { name: 'Удалить подсказку?' });
  await confirmHint.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(confirmHint).toBeHidden();
  await expect(edit.getByRole('button', { name: 'Добавить подсказку' })).toBeVisible();
  await edit.getByRole('button', { name: 'Отменить' }).click();
  await expect(row(page, renamed).getByRole('button', { name: /^Подсказка категории/ })).toHaveCount(0);
  expect((await storedCategories(request)).find((c) => c.name === renamed)?.clue).toBeNull();

  // Each category's clients are in the list; one with clients says, before any confirmation,
  // that it cannot be deleted, and offers the board instead.
  const deal = (await storedCategories(request)).find((c) => c.name === 'Сделка')!;
  const counts = (await (await adminGet(request, '/client-counts')).json()) as {
    response: { category_id: number; clients: number }[];
  };
  const inDeal = counts.response.find((c) => c.category_id === deal.id)?.clients ?? 0;
  expect(inDeal).toBeGreaterThan(0);
  await expect(row(page, 'Сделка').getByTestId('category-clients')).toHaveText(String(inDeal));
  await expect(row(page, renamed).getByTestId('category-clients')).toHaveText('0');
  await row(page, 'Сделка').getByRole('button', { name: 'Удалить категорию «Сделка»' }).click();
  const refuse = page.getByRole('dialog', { name: /^В категории «Сделка» \d+ клиент/ });
  await expect(refuse).toContainText('удалить её нельзя');
  await expect(refuse).toContainText('Переведите клиентов в другую категорию');
  await expect(refuse.getByRole('button', { name: 'Да, удалить' })).toHaveCount(0);
  await expect(refuse.getByRole('button', { name: 'Понятно' })).toBeFocused();
  await refuse.getByRole('button', { name: 'Понятно' }).click();
  await expect(refuse).toHaveCount(0);
  await expect(row(page, 'Сделка')).toBeVisible();

  // An empty one is deleted after the confirmation.
  await row(page, renamed)
    .getByRole('button', { name: `Удалить категорию «${renamed}»` })
    .click();
  const confirmDelete = page.getByRole('dialog', { name: `Удалить категорию «${renamed}»?` });
  await expect(confirmDelete.getByRole('button', { name: 'Нет' })).toBeFocused();
  await confirmDelete.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(toast(page, 'Категория удалена!')).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);
  expect((await storedCategories(request)).map((c) => c.name)).not.toContain(renamed);
});

test('categories: a hint added to a saved category is created at once, and a blank one is not kept', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/client-category-setting');
  const target = row(page, 'Презентация');
  await target.getByRole('button', { name: 'Редактировать категорию «Презентация»' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать категорию' });
  await edit.getByRole('button', { name: 'Добавить подсказку' }).click();
  const hint = page.getByRole('dialog', { name: 'Подсказка категории «Презентация»' });
  // Blank in every block: nothing is created.
  await hint.getByRole('textbox').click();
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await hint.getByRole('button', { name: 'Сохранить' }).click();
  await expect(hint).toBeHidden();
  await expect(edit.getByRole('button', { name: 'Добавить подсказку' })).toBeVisible();
  expect((await storedCategories(request)).find((c) => c.name === 'Презентация')?.clue).toBeNull();

  await edit.getByRole('button', { name: 'Добавить подсказку' }).click();
  await hint.getByRole('textbox').click();
  await page.keyboard.type('Покажите кейсы');
  await hint.getByRole('button', { name: 'Сохранить' }).click();
  await expect(hint).toBeHidden();
  // Saved without the category's own 'Сохранить'.
  await edit.getByRole('button', { name: 'Отменить' }).click();
  await expect(target.getByRole('button', { name: 'Подсказка категории «Презентация»' })).toBeVisible();
  const stored = (await storedCategories(request)).find((c) => c.name === 'Презентация');
  expect(JSON.parse(stored!.clue!.clue)).toEqual([
    { type: 'paragraph', children: [{ text: 'Покажите кейсы' }] },
  ]);

  // Edited: updated in place (it has an id now).
  await target.getByRole('button', { name: 'Редактировать категорию «Презентация»' }).click();
  await edit.getByRole('button', { name: 'Редактировать', exact: true }).click();
  await hint.getByRole('textbox').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' клиента');
  await hint.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByText('Покажите кейсы клиента')).toBeVisible();
  await edit.getByRole('button', { name: 'Отменить' }).click();
  const updated = (await storedCategories(request)).find((c) => c.name === 'Презентация');
  expect(JSON.parse(updated!.clue!.clue)).toEqual([
    { type: 'paragraph', children: [{ text: 'Покажите кейсы клиента' }] },
  ]);
});

test('categories at 390 px: the list fits the phone, the modal is usable', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_ADMIN.email, '/client-category-setting');
  await expect(row(page, 'Новые заявки')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/categories-390.png`, fullPage: true });
  await row(page, 'Пробный период')
    .getByRole('button', { name: 'Редактировать категорию «Пробный период»' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Редактировать категорию' });
  await expect(edit.getByLabel('Время в категории, часов')).toHaveValue('168');
  await saveShot(page, { path: `${SHOTS}/category-modal-390.png` });
  await edit.getByRole('button', { name: 'Добавить подсказку' }).click();
  const hint = page.getByRole('dialog', { name: 'Подсказка категории «Пробный период»' });
  await expect(hint.getByRole('toolbar', { name: 'Форматирование текста' })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/hint-editor-390.png` });
});

test('categories at 1440 px: the page as a whole', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/client-category-setting');
  await expect(row(page, 'Новые заявки')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/categories-1440.png`, fullPage: true });
});

test('categories: empty, loading, error, many rows and long names', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  const list = '**/api/v1/projects/*/client-categories';

  // Loading: skeleton rows while the answer is on its way; then the empty state with its action.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(list, async (route) => {
    await answered;
    await route.fulfill({ json: { success: true, response: [] } });
  });
  await page.goto('/client-category-setting');
  await expect(page.getByTestId('categories-skeleton')).toBeVisible();
  release();
  await expect(page.getByText('Категорий пока нет')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить категорию' })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/categories-empty-1440.png` });

  // Error: what failed and 'Повторить'.
  await page.unroute(list);
  await page.route(list, (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'boom' } }),
  );
  await page.reload();
  await expect(page.getByText('Не удалось загрузить категории клиентов.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/categories-error-1440.png` });

  // Many rows, long names: the list grows, names wrap, nothing overflows.
  const long =
    'Очень длинное название категории, которое не помещается в одну строку и должно переноситься аккуратно';
  const many = Array.from({ length: 30 }, (_, index) => ({
    id: index + 1,
    name: index === 0 ? long : `Этап ${index + 1}`,
    color: 'AC8BE5',
    next_category_id: index === 29 ? null : index + 2,
    duration: index * 3600,
    clue:
      index % 3 === 0
        ? {
            id: index + 1,
            type: 'client_category',
            type_id: index + 1,
            clue: '[{"type":"paragraph","children":[{"text":"x"}]}]',
          }
        : null,
  }));
  many[1]!.next_category_id = 1;
  await page.unroute(list);
  await page.route(list, (route) => route.fulfill({ json: { success: true, response: many } }));
  await page.reload();
  await expect(rows(page)).toHaveCount(30);
  await expect(row(page, long)).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Loaded at that width, as a phone would (not a desktop page squeezed mid-transition).
    await page.reload();
    await expect(rows(page)).toHaveCount(30);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveShot(page, { path: `${SHOTS}/categories-many-${width}.png` });
  }
});

test("a manager opening /client-category-setting gets 'Нет доступа'", async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_MANAGER.email, '/client-category-setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toBeVisible();
  await expect(page.getByTestId('category-row')).toHaveCount(0);
});
