import { expect, test } from './test';
import { box, DEMO_ADMIN, signInWithToken } from './fixtures';

test.beforeEach(async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
});

test('a stack: Escape closes only the top modal, an overlay click closes the next', async ({ page }) => {
  const bell = page.getByRole('button', { name: 'Уведомления' });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Уведомления на сегодня' });
  await expect(panel).toBeVisible();
  // The notification side panel is 425px wide and stands against the right edge.
  await expect.poll(async () => box(panel)).toMatchObject({ width: 425, right: 1440, y: 0, height: 900 });

  // Second modal on top: the global search (Ctrl+K).
  await page.keyboard.press('Control+KeyK');
  const search = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await expect(search).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(2);
  await expect(search.getByRole('searchbox', { name: 'Поиск клиентов' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(panel).toBeVisible();

  // Click the overlay left of the panel.
  await page.mouse.click(40, 300);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Focus goes back to what opened the stack.
  await expect(bell).toBeFocused();
});

test('a modal traps focus and has a close icon named Закрыть', async ({ page }) => {
  await page.getByRole('button', { name: 'Уведомления' }).click();
  const panel = page.getByRole('dialog', { name: 'Уведомления на сегодня' });
  const close = panel.getByRole('button', { name: 'Закрыть' });
  await expect(close).toBeVisible();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await close.click();
  await expect(panel).toBeHidden();
});

test('the header search opens the search modal with what was typed', async ({ page }) => {
  await page.getByPlaceholder('Поиск....').click();
  const search = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await expect(search).toBeVisible();
  await page.keyboard.type('Анна');
  await expect(search.getByRole('searchbox')).toHaveValue('Анна');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
});

test('the search modal has one "×": the browser\'s own clear button of search boxes is hidden', async ({
  page,
}) => {
  await page.getByPlaceholder('Поиск....').click();
  const search = page.getByRole('dialog', { name: 'Поиск клиентов' });
  const input = search.getByRole('searchbox');
  await expect(input).toBeFocused();
  await expect(search.getByRole('button', { name: 'Закрыть' })).toHaveCount(1);
  // The search's body loads on first use: until it has come, its box is a stand-in that the body
  // replaces, so the box measured is the body's (its filters are there).
  await expect(search.getByRole('combobox', { name: 'Категория' })).toBeVisible();
  await expect(input).toBeFocused();
  // The native '×' appears at the right end of a search box once it holds text: that end must
  // look the same empty and filled.
  const b = (await box(input))!;
  const clip = { x: b.right - 48, y: b.y + 4, width: 40, height: b.height - 8 };
  const empty = await page.screenshot({ clip, animations: 'disabled' });
  await page.keyboard.type('Анна');
  await expect(input).toHaveValue('Анна');
  const filled = await page.screenshot({ clip, animations: 'disabled' });
  expect(filled.equals(empty)).toBe(true);
});

test('the confirm modal: Escape is a "no"', async ({ page }) => {
  await page.getByRole('button', { name: 'Выйти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вы действительно хотите выйти?' });
  await expect(dialog).toBeVisible();
  // The safe answer has the focus, so Enter never signs out by accident.
  await expect(dialog.getByRole('button', { name: 'Нет, остаться' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/');
});

test("the browser's Back closes the top modal; a typed-in form asks first and keeps the text", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Клиенты' }).click();
  await expect(page).toHaveURL('/clients');
  await expect(page.getByTestId('client-card').first()).toBeVisible();

  // A stack of two: Back closes the top one only, the address stays.
  await page.getByRole('button', { name: 'Уведомления' }).click();
  const panel = page.getByRole('dialog', { name: 'Уведомления на сегодня' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Control+KeyK');
  const search = page.getByRole('dialog', { name: 'Поиск клиентов' });
  await expect(search).toBeVisible();
  await page.goBack();
  await expect(search).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL('/clients');
  // Closed by its icon, the panel takes its entry with it: the next Back leaves the page.
  await panel.getByRole('button', { name: 'Закрыть' }).click();
  await expect(panel).toBeHidden();

  // A form with something typed: Back asks, 'Остаться' keeps the text.
  await page.getByRole('button', { name: 'Добавить клиента', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Новый клиент' });
  await form.getByLabel('Имя').fill('Недописанный');
  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Закрыть без сохранения?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByText('Введённые данные будут потеряны.')).toBeVisible();
  await ask.getByRole('button', { name: 'Остаться' }).click();
  await expect(ask).toBeHidden();
  await expect(form.getByLabel('Имя')).toHaveValue('Недописанный');
  await expect(page).toHaveURL('/clients');
  // Back on the question itself is a 'stay' too.
  await page.goBack();
  await expect(ask).toBeVisible();
  await page.goBack();
  await expect(ask).toBeHidden();
  await expect(form.getByLabel('Имя')).toHaveValue('Недописанный');
  // 'Закрыть' closes the form; the page stays.
  await page.goBack();
  await ask.getByRole('button', { name: 'Закрыть' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL('/clients');

  // A form left untouched closes at once.
  await page.getByRole('button', { name: 'Добавить клиента', exact: true }).click();
  await expect(form).toBeVisible();
  await page.goBack();
  await expect(form).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL('/clients');

  // No modal entries are left behind: one Back leaves the page.
  await page.goBack();
  await expect(page).toHaveURL('/');
  await page.goForward();
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('a phone (390 px, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("Back closes a sheet, as a phone's back gesture does", async ({ page }) => {
    await page.goto('/');
    await page.goto('/clients');
    const card = page.getByTestId('client-card').first();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /^Переместить в…/ }).click();
    const sheet = page.getByRole('dialog', { name: /^Переместить клиента/ });
    await expect(sheet).toBeVisible();
    await page.goBack();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL('/clients');
    await expect(card).toBeVisible();
  });
});
