import { expect, test } from './test';
import { DEMO_ADMIN, SCREENSHOTS, saveShot, seriousViolations, signInWithToken } from './fixtures';

const SHOTS = `${SCREENSHOTS}/clients-list`;

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
