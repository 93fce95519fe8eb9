import { expect, test, type Locator, type Page } from './test';
import { DEMO_ADMIN, SCREENSHOTS, demoApi, saveShot, seriousViolations, signInWithToken } from './fixtures';

// Stages that end the pipeline (docs/product.md §4.6, §9.2): the admin adds a loss reason on the
// settings page, drags a client into 'Отказ' on the board, gives that reason in the dialog, and
// finds it counted in the statistics' loss reasons.

const SHOTS = `${SCREENSHOTS}/outcomes`;
const PHONE = { width: 390, height: 844 };

type Envelope<T> = { response: T };
type Category = { id: number; name: string; outcome: 'won' | 'lost' | null };

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const plain = (text: string) => text.replace(/[\u2009\u00a0]/g, ' ').trim();
const shot = async (page: Page, name: string) => {
  if (!process.env.E2E_SHOTS) return;
  await saveShot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
};
const column = (page: Page, name: string) =>
  page
    .getByTestId('board-column')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('drag a client into «Отказ», give a reason, and see it in the statistics’ loss reasons', async ({
  page,
  request,
}) => {
  const { headers, base } = await demoApi(request, DEMO_ADMIN.email);
  const get = async <T>(path: string) =>
    ((await (await request.get(`${base}${path}`, { headers })).json()) as Envelope<T>).response;
  const categories = await get<Category[]>('/client-categories');
  // The last ordinary stage: beside 'Успех' and 'Отказ' on the board, all three in view.
  const first = categories.filter((c) => c.outcome === null).at(-1)!;
  const lost = categories.find((c) => c.outcome === 'lost')!;
  // The board shows the stages that end the pipeline last.
  expect(categories.slice(-2).map((c) => c.outcome)).toEqual(['won', 'lost']);

  const reason = `Сроки ${tag()}`;
  // The newest demo client of that stage, renamed to be found (the demo form requires
  // fields a bare create lacks).
  const page1 = await get<{ data: Array<{ id: number; name: string }> }>(`/clients?category=${first.id}`);
  const picked = page1.data[0]!;
  const lastName = `Отказов${tag()}`;
  const renamed = await request.put(`${base}/clients/${picked.id}`, {
    headers,
    data: { name: picked.name, last_name: lastName },
  });
  expect(renamed.status()).toBe(200);
  const full = `${picked.name} ${lastName}`;

  // 1. The settings page: the outcome badges, and the reasons list (an admin adds one).
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithToken(page, request, DEMO_ADMIN.email, '/client-category-setting');
  const list = page.getByTestId('categories-list');
  await expect(list.getByTestId('category-outcome').filter({ hasText: 'Успех' })).toBeVisible();
  await expect(list.getByTestId('category-outcome').filter({ hasText: 'Отказ' })).toBeVisible();
  const reasons = page.getByRole('region', { name: /Причины отказа/ });
  await reasons.getByLabel('Новая причина').fill(reason);
  await reasons.getByRole('button', { name: 'Добавить' }).click();
  await expect(page.getByTestId('loss-reasons-list').getByText(reason, { exact: true })).toBeVisible();
  // A reason already there is refused under the field.
  await reasons.getByLabel('Новая причина').fill(reason.toUpperCase());
  await reasons.getByRole('button', { name: 'Добавить' }).click();
  await expect(reasons.getByText('Такая причина отказа уже есть')).toBeVisible();
  await reasons.getByLabel('Новая причина').fill('');
  await shot(page, 'settings-1440');
  expect(await seriousViolations(page)).toEqual([]);

  // The category modal marks a stage 'Успех' / 'Отказ'.
  await list.getByRole('button', { name: `Редактировать категорию «${lost.name}»` }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Итог этапа')).toHaveValue('lost');
  await expect(modal.getByTestId('outcome-note')).toBeVisible();
  await expect(modal.getByLabel('Следующая категория')).toHaveCount(0);
  await shot(page, 'category-modal-1440');
  await modal.getByRole('button', { name: 'Отменить' }).click();

  // 2. The board: the card dragged (by the keyboard) onto 'Отказ' asks for the reason.
  await page.goto('/clients');
  await column(page, lost.name).scrollIntoViewIfNeeded();
  const handle = card(column(page, first.name), full).getByRole('button', {
    name: `Переместить клиента ${full}`,
  });
  await handle.focus();
  await page.keyboard.press('Space');
  const target = column(page, lost.name);
  // Five steps (125 px) at a time, less than a column's width: the last column is far right.
  for (let i = 0; i < 60 && (await target.getAttribute('data-over')) !== 'true'; i += 1)
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
  await expect(target).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('Space');

  const dialog = page.getByRole('dialog', { name: new RegExp(`^Отказ: ${full}`) });
  await expect(dialog).toBeVisible();
  // Without a reason: said under the list, nothing moves.
  await dialog.getByRole('button', { name: 'Перевести' }).click();
  await expect(dialog.getByText('Выберите причину отказа')).toBeVisible();
  // 'Другое' opens the own text.
  await dialog.getByLabel('Другое').check();
  await expect(dialog.getByLabel('Своя причина *')).toBeVisible();
  await shot(page, 'reason-dialog-other-1440');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel(reason).check();
  await dialog.getByRole('button', { name: 'Перевести' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(column(page, lost.name), full)).toBeVisible();
  await expect(card(column(page, first.name), full)).toHaveCount(0);

  // The move's history entry says why.
  const history = await get<{ data: Array<{ message: string }> }>('/history?subject_type=client');
  expect(history.data.map((h) => h.message)).toContain(
    `Клиент «${full}» переведён из «${first.name}» в «${lost.name}». Отказ: ${reason}`,
  );

  // 3. The statistics: today's loss reasons count it.
  await page.goto('/statistics?period=today');
  await expect(page.getByTestId('statistics')).not.toHaveAttribute('aria-busy', 'true');
  const lossCard = page.getByTestId('stat-loss-reasons');
  await lossCard.getByRole('button', { name: 'Таблица', exact: true }).click();
  const row = lossCard
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: reason, exact: true }) });
  await expect(row).toHaveCount(1);
  expect((await row.locator('th, td').allInnerTexts()).map(plain).slice(0, 2)).toEqual([reason, '1']);
  const outcomes = page.getByTestId('stat-outcomes');
  await expect(outcomes.getByTestId('outcome-figures')).toBeVisible();
  await shot(page, 'statistics-1440');
  expect(await seriousViolations(page)).toEqual([]);

  // A phone: the statistics cards and the settings page are usable at 390 px.
  await page.setViewportSize(PHONE);
  await expect(lossCard.getByRole('rowheader', { name: reason, exact: true })).toBeVisible();
  await shot(page, 'statistics-390');
  await page.goto('/client-category-setting');
  await expect(page.getByTestId('loss-reasons-list').getByText(reason, { exact: true })).toBeVisible();
  await shot(page, 'settings-390');
});
