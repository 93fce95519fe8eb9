import { expect, test, type Locator, type Page } from './test';
import { DEMO_ADMIN, DEMO_PASSWORD, SCREENSHOTS, signInWithToken, saveShot } from './fixtures';

const TOO_LONG_NAME = 'Я'.repeat(101);
/** 255 characters, a well-formed address otherwise. */
const TOO_LONG_EMAIL = `${'a'.repeat(243)}@example.com`;
/** --color-danger-text. */
const DANGER_TEXT = 'rgb(200, 53, 58)';

const counterOf = (field: Locator) => field.locator('xpath=ancestor::div[1]').getByTestId('char-counter');

/**
 * A value over the limit is kept whole (no maxLength: a paste is never cut), the counter under
 * the field turns red, and submitting shows 'Не более N символов' under the field.
 */
const expectRefused = async (
  page: Page,
  field: Locator,
  value: string,
  limit: number,
  submit: () => Promise<void>,
) => {
  await expect(field).not.toHaveAttribute('maxlength');
  await field.fill(value);
  await expect(field).toHaveValue(value);
  const counter = counterOf(field);
  await expect(counter).toHaveText(`Символов: ${value.length} / ${limit}`);
  await expect(counter).toHaveCSS('color', DANGER_TEXT);
  await submit();
  const message = `Не более ${limit} символов`;
  // The field names its error first among what describes it once the error is shown; read
  // before that, the first is still the counter.
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const errorId = await field.evaluate((el) => el.getAttribute('aria-describedby') ?? '');
  const error = page.locator(`[id="${errorId.split(' ')[0]}"]`);
  await expect(error).toHaveText(message);
};

const apiAuth = async (page: Page) => {
  const login = await page.request.post('/api/v1/login', {
    data: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
  });
  const { token } = ((await login.json()) as { response: { token: string } }).response;
  const headers = { Authorization: `Bearer ${token}` };
  const projects = await page.request.get('/api/v1/user/projects', { headers });
  const projectId = ((await projects.json()) as { response: Array<{ id: number }> }).response[0]!.id;
  return { headers, projectId };
};

test('registration: the name shows its counter and a too-long one reads "Не более 100 символов"', async ({
  page,
}) => {
  await page.goto('/registration');
  const name = page.getByLabel('Имя');
  await expect(counterOf(name)).toHaveText('Символов: 0 / 100');
  await name.fill('Ф'.repeat(37));
  await expect(counterOf(name)).toHaveText('Символов: 37 / 100');
  await expect(counterOf(name)).not.toHaveCSS('color', DANGER_TEXT);
  await expectRefused(page, name, TOO_LONG_NAME, 100, () =>
    page.getByRole('button', { name: 'Зарегистрироваться' }).click(),
  );
  await expect(page.getByText('Обязательное поле').first()).toBeVisible(); // the empty fields
  await expect(page.locator('form').getByText('Не более 100 символов')).toHaveCount(1);
  await saveShot(page, { path: `${SCREENSHOTS}/registration-too-long.png`, fullPage: true });
});

test('login: a too-long email reads "Не более 254 символов"', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Электронная почта');
  await expect(counterOf(email)).toHaveText('Символов: 0 / 254');
  await page.getByLabel(/^Пароль/).fill('whatever-1');
  await expectRefused(page, email, TOO_LONG_EMAIL, 254, () =>
    page.getByRole('button', { name: 'Войти' }).click(),
  );
  await expect(page).toHaveURL('/login');
});

test('invitation: a too-long email reads "Не более 254 символов"', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/managers');
  await page.getByRole('button', { name: 'Пригласить', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Пригласить в проект' });
  await dialog.getByLabel('Статус').selectOption({ label: 'Менеджер' });
  await expectRefused(page, dialog.getByLabel('Электронная почта'), TOO_LONG_EMAIL, 254, () =>
    dialog.getByRole('button', { name: 'Отправить' }).click(),
  );
  await expect(dialog).toBeVisible();
});

test('project settings: a too-long name reads "Не более 100 символов"', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/project-setting');
  const name = page.getByLabel('Название проекта');
  await expect(name).not.toHaveValue('');
  await expectRefused(page, name, TOO_LONG_NAME, 100, () =>
    page.getByRole('button', { name: 'Сохранить' }).click(),
  );
});

test('status modal: a too-long name reads "Не более 100 символов"', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/status');
  await page.getByRole('button', { name: 'Добавить статус' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новый статус' });
  await expectRefused(page, dialog.getByLabel('Название статуса'), TOO_LONG_NAME, 100, () =>
    dialog.getByRole('button', { name: 'Добавить' }).click(),
  );
  await saveShot(page, { path: `${SCREENSHOTS}/status-modal-too-long.png` });
});

/** The element's content fits its own box (nothing sticks out sideways). */
const fitsSideways = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

for (const width of [1440, 390]) {
  test(`a 100-character status name wraps in the list, on its page and in the delete question (${width}px)`, async ({
    page,
    request,
  }) => {
    const { headers, projectId } = await apiAuth(page);
    const name = `${'Ш'.repeat(90)}${Date.now().toString(36).slice(-8).padStart(10, 'ш')}`;
    const created = await page.request.post(`/api/v1/projects/${projectId}/statuses`, {
      headers,
      data: { name },
    });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { response: { id: number } }).response;

    await page.setViewportSize({ width, height: 900 });
    await signInWithToken(page, request, DEMO_ADMIN.email, '/status');
    const row = page.getByTestId('status-row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(row).toBeVisible();
    expect(await fitsSideways(row)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The whole name shows (it wraps instead of being cut).
    const link = row.getByRole('link', { name, exact: true });
    expect(await link.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(30);

    await row.getByRole('button', { name: `Удалить статус «${name}»` }).click();
    const ask = page.getByRole('dialog', { name: `Удалить статус «${name}»?` });
    await expect(ask).toBeVisible();
    expect(await fitsSideways(ask)).toBe(true);
    expect(await fitsSideways(ask.getByText(`Удалить статус «${name}»?`))).toBe(true);
    await saveShot(page, { path: `${SCREENSHOTS}/status-delete-long-${width}.png` });
    await ask.getByRole('button', { name: 'Нет' }).click();

    await page.goto(`/status/${id}`);
    const title = page.getByRole('heading', { level: 2, name });
    await expect(title).toBeVisible();
    expect(await fitsSideways(title)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.request.delete(`/api/v1/projects/${projectId}/statuses/${id}`, { headers });
  });
}
