import { expect, test, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  DEMO_PASSWORD,
  demoApi,
  SCREENSHOTS,
  signInWithToken,
  saveShot,
} from './fixtures';

/**
 * The pages under their CSP (apps/server/src/http/security-headers.ts): styles and fonts from the
 * app's origin only, no inline style, no eval. Whatever the policy refuses, the browser reports
 * as a `securitypolicyviolation` event (and a console error); a page that works only because of
 * something refused, or that tries what is refused, fails here. Each test walks pages the way a
 * person would and checks, at the end, that nothing was refused and that every stylesheet and
 * font came from the app's origin.
 */

const SHOTS = `${SCREENSHOTS}/security-headers`;

type Refusal = { page: string; directive: string; blocked: string; source: string };

const watchPolicy = async (page: Page) => {
  const refused: Refusal[] = [];
  const consoleErrors: string[] = [];
  const assets: string[] = [];
  await page.exposeBinding('__cspRefused', (_source, refusal: Refusal) => {
    refused.push(refusal);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspRefused: (r: unknown) => void }).__cspRefused({
        page: location.pathname,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (evaluate|load|apply|execute)/i.test(text))
      consoleErrors.push(text);
  });
  page.on('request', (request) => {
    if (['stylesheet', 'font'].includes(request.resourceType())) assets.push(request.url());
  });
  /** Nothing refused so far, and every stylesheet and font from the app's origin. */
  const expectNothingRefused = async (origin: string) => {
    // Reports are dispatched as tasks: let the last ones arrive.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(refused).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(assets.length).toBeGreaterThan(0);
    for (const url of assets) expect(new URL(url).origin, url).toBe(origin);
  };
  return { expectNothingRefused, assets };
};

const originOf = (page: Page) => new URL(page.url()).origin;

test('the sign-in page and its toast, the dashboard, a modal that checks its form, clients, statistics, knowledge and the editor', async ({
  page,
}) => {
  // Many pages in one walk.
  test.slow();
  const policy = await watchPolicy(page);

  // Signed out: a failed sign-in raises a toast, styled from its own file.
  await page.goto('/login');
  await page.getByLabel('Электронная почта').fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Пароль/).fill('wrong-password');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/login'));
  await page.getByRole('button', { name: 'Войти' }).click();
  expect((await refused).status()).toBe(422);
  const toast = page.locator('.Toastify__toast');
  await expect(toast).toBeVisible();
  await expect(page.locator('.Toastify__toast-container')).toHaveCSS('position', 'fixed');
  // The product's look over the library's (ui/toasts.css after ReactToastify.css).
  const cardRadius = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--radius-card').trim(),
  );
  await expect(toast).toHaveCSS('border-radius', cardRadius);
  await saveShot(page, { path: `${SHOTS}/login-toast.png` });

  // Signed in through the form: the dashboard, with its live connection.
  await page.getByLabel(/^Пароль/).fill(DEMO_PASSWORD);
  const live = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/events');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await live;
  await saveShot(page, { path: `${SHOTS}/dashboard.png` });

  // A modal whose form zod checks in the browser (zod used to probe eval at its first parse).
  await page.goto('/managers');
  await page.getByRole('button', { name: 'Пригласить', exact: true }).first().click();
  const invite = page.getByRole('dialog', { name: 'Пригласить в проект' });
  await invite.getByLabel('Электронная почта').fill('not-an-address');
  await invite.getByLabel('Статус').selectOption({ label: 'Менеджер' });
  await invite.getByRole('button', { name: 'Отправить' }).click();
  await expect(invite.getByLabel('Электронная почта')).toHaveAttribute('aria-invalid', 'true');
  await saveShot(page, { path: `${SHOTS}/invitation-modal.png` });
  await page.keyboard.press('Escape');
  await expect(invite).toBeHidden();

  // The board (the drag library) and a client's modal with the phone box.
  await page.goto('/clients');
  const card = page.getByTestId('client-card').first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Развернуть карточку' }).click();
  await card.getByRole('button', { name: 'Редактировать' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать клиента' });
  await expect(edit.getByLabel('Телефон')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/client-modal.png` });
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // The charts.
  await page.goto('/statistics');
  await expect(page.getByTestId('statistics')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/statistics.png` });

  // The library and an article in its modal.
  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { level: 1, name: 'Библиотека знаний' })).toBeVisible();
  await page.getByTestId('article').first().getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Назад' })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/knowledge-article.png` });
  await page.keyboard.press('Escape');

  // The rich-text editor, where an admin writes a category's hint (closed without saving).
  await page.goto('/client-category-setting');
  await page
    .getByRole('button', { name: /^Редактировать категорию/ })
    .first()
    .click();
  const category = page.getByRole('dialog', { name: 'Редактировать категорию' });
  await category
    .getByRole('group', { name: 'Подсказка' })
    .getByRole('button', { name: /^(Добавить подсказку|Редактировать)$/ })
    .click();
  const editor = page.getByRole('dialog', { name: /^Подсказка категории/ }).getByRole('textbox');
  await expect(editor).toBeFocused();
  // Whatever hint an earlier test left (it may start in bold): cleared, the dialog is not saved.
  await page.keyboard.press('Control+KeyA');
  await page.keyboard.press('Delete');
  await page.keyboard.type('Подсказка ');
  const bold = page
    .getByRole('dialog', { name: /^Подсказка категории/ })
    .getByRole('button', { name: 'Жирный' });
  // Bold from here on: off first if the cleared text left it on.
  if ((await bold.getAttribute('aria-pressed')) === 'true') await page.keyboard.press('Control+KeyB');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Control+KeyB');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('жирным');
  await expect(editor.locator('[style*="font-weight"]').filter({ hasText: 'жирным' })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/rich-text-editor.png` });

  await policy.expectNothingRefused(originOf(page));
  // The fonts came too (from the app's own files, as every asset above).
  expect(policy.assets.filter((url) => url.endsWith('.woff2')).length).toBeGreaterThan(0);
});

test("the calendar with its own styles and a day's list of reminders", async ({ page, request }) => {
  test.slow();
  const policy = await watchPolicy(page);
  // Far ahead, so no other test's week or month sees them: more than a month's cell shows.
  const { headers, base } = await demoApi(request, DEMO_MANAGER.email);
  const clients = await request.get(`${base}/clients?per_page=1`, { headers });
  const client = ((await clients.json()) as { response: { data: { id: number }[] } }).response.data[0]!;
  const at = new Date(Date.now() + 120 * 86_400_000);
  const day = at.toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });
  const stamp = Date.now();
  for (const time of ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00']) {
    const made = await request.post(`${base}/clients/${client.id}/reminders`, {
      headers,
      data: {
        title: `Звонок ${time} ${stamp}`,
        completion_date: new Date(`${day}T${time}:00+03:00`).toISOString(),
      },
    });
    expect(made.status()).toBe(201);
  }

  await signInWithToken(page, request, DEMO_MANAGER.email, `/calendar?period=month&date=${day}`);
  const calendar = page.getByTestId('calendar');
  // FullCalendar's own stylesheet is there (a bundled file now, not a <style> it writes).
  await expect(calendar.locator('.fc')).toHaveCSS('display', 'flex');
  const more = calendar.locator(`td[data-date="${day}"] .fc-daygrid-more-link`);
  await expect(more).toBeVisible();
  await more.click();
  const list = page.locator('.fc-popover');
  await expect(list).toHaveCSS('position', 'absolute');
  await expect(list.locator('.fc-event').filter({ hasText: String(stamp) })).toHaveCount(6);
  // Its close is drawn without FullCalendar's icon font (a data: URL that font-src 'self' refuses).
  const close = list.locator('.fc-popover-close');
  expect(await close.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"×"');
  await saveShot(page, { path: `${SHOTS}/calendar-day-list.png` });
  await close.click();
  await expect(list).toBeHidden();

  await policy.expectNothingRefused(originOf(page));
});

test('the API docs load under the pages’ policy', async ({ page }) => {
  test.slow();
  const policy = await watchPolicy(page);
  await page.goto('/api/docs/');
  // Swagger UI's bundle is large: its first render can take a while on a busy machine.
  const operation = page.locator('#operations-health-get_api_health');
  await expect(operation).toBeVisible({ timeout: 30_000 });
  await operation.locator('.opblock-summary-control').click();
  // Trying it calls the API from the page (connect-src 'self') and draws the answer.
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  await expect(operation.locator('.live-responses-table')).toContainText('200');
  await saveShot(page, { path: `${SHOTS}/api-docs.png` });
  await policy.expectNothingRefused(originOf(page));
});
