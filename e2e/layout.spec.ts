import { expect, test, type Locator } from './test';
import { box, DEMO_ADMIN, SCREENSHOTS, sidebar, signInWithToken, saveShot } from './fixtures';

test.beforeEach(async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
});

test('sidebar is 260px, 70px collapsed, and the state survives a reload', async ({ page }) => {
  await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'false');
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(260);
  await saveShot(page, { path: `${SCREENSHOTS}/layout-expanded.png` });

  await page.getByRole('button', { name: 'Свернуть меню' }).click();
  await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(70);
  expect(await page.evaluate(() => localStorage.getItem('collapse'))).toBe('true');
  // Labels are hidden but stay the links' names, with a styled tooltip (not the browser's title).
  const clients = sidebar(page).getByRole('link', { name: 'Клиенты' });
  await expect(clients).not.toHaveAttribute('title');
  await clients.hover();
  const tooltip = page.locator('[data-tooltip]');
  await expect(tooltip).toHaveText('Клиенты');
  const [link, tip] = await Promise.all([box(clients), box(tooltip)]);
  expect(tip!.x).toBeGreaterThanOrEqual(link!.right);
  await saveShot(page, { path: `${SCREENSHOTS}/layout-collapsed.png` });
  await page.mouse.move(700, 500);
  await expect(tooltip).toHaveCount(0);
  // The keyboard shows it too, and Escape hides it.
  await clients.focus();
  await page.keyboard.press('Tab');
  await expect(tooltip).toHaveText('Входящие');
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(70);

  await page.getByRole('button', { name: 'Развернуть меню' }).click();
  await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(260);
  expect(await page.evaluate(() => localStorage.getItem('collapse'))).toBe('false');
});

test('the settings dropdown is at most 155px high and closes when the menu collapses', async ({ page }) => {
  const settings = sidebar(page).getByRole('button', { name: 'Настройки' });
  await settings.click();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByTestId('settings-menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('max-height', '155px');
  await expect(menu).toHaveCSS('overflow-y', 'auto');
  expect((await box(menu))?.height).toBeLessThanOrEqual(155);

  await page.getByRole('button', { name: 'Свернуть меню' }).click();
  await expect(menu).toBeHidden();

  // Collapsed, it flies out and closes on an outside click like the other dropdowns.
  await settings.click();
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('max-height', '155px');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();
});

/** Whether the whole element lies inside the visible part of its scrolling list, clear of the fades. */
const wholeInView = (item: Locator) =>
  item.evaluate((el) => {
    const list = el.closest('[data-more]') as HTMLElement;
    const fade = parseFloat(getComputedStyle(list).scrollPaddingTop) || 0;
    const r = el.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    const above = list.dataset.more === 'above' || list.dataset.more === 'both' ? fade : 0;
    const below = list.dataset.more === 'below' || list.dataset.more === 'both' ? fade : 0;
    return r.top >= l.top + above - 1 && r.bottom <= l.bottom - below + 1;
  });

for (const collapsed of [false, true]) {
  test(`the settings dropdown shows that it scrolls and reaches every item by keyboard (${collapsed ? 'collapsed' : 'expanded'})`, async ({
    page,
  }) => {
    if (collapsed) await page.getByRole('button', { name: 'Свернуть меню' }).click();
    await sidebar(page).getByRole('button', { name: 'Настройки' }).click();
    const menu = page.getByTestId('settings-menu');
    await expect(menu).toHaveCSS('max-height', '155px');
    // Six items do not fit: the bottom edge fades, so a cut-off item reads as 'more below'.
    await expect(menu).toHaveAttribute('data-more', 'below');
    await expect.poll(() => menu.evaluate((el) => getComputedStyle(el, '::after').display)).toBe('block');
    await saveShot(page, {
      path: `${SCREENSHOTS}/settings-menu-${collapsed ? 'collapsed' : 'expanded'}.png`,
    });

    const links = menu.getByRole('link');
    await expect(links).toHaveCount(6);
    await links.first().focus();
    for (let i = 0; i < 6; i += 1) {
      const link = links.nth(i);
      if (i > 0) await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
      await expect.poll(() => wholeInView(link), { message: `item ${i} whole in view` }).toBe(true);
    }
    await expect(links.last()).toHaveText('AI вопросы');
    // At the end the bottom fade is gone and the top one says there is more above.
    await expect(menu).toHaveAttribute('data-more', 'above');
  });
}

test('other dropdowns close on an outside click and are at most 155px high', async ({ page }) => {
  await sidebar(page)
    .getByRole('button', { name: /Демо-проект/ })
    .click();
  const menu = page.locator('[data-dropdown-menu]');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('max-height', '155px');
  await expect(menu.getByRole('link', { name: 'Новый проект' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: /Аккаунт: Анна Админова/ }).click();
  await expect(menu).toContainText('demo@example.com');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('header shows search, today, the clock, the bell, the account and Выйти', async ({ page, request }) => {
  await expect(page.getByPlaceholder('Поиск....')).toBeVisible();
  // Date and clock: one quiet line ('Время' for screen readers), the search keeps its room.
  const clock = page.getByTestId('header-clock');
  await expect(clock).toHaveText(/^Сегодня \d{1,2} [а-я]+ \d{4}·Время \d{2}:\d{2}$/);
  expect((await box(clock))!.height).toBeLessThanOrEqual(20);
  expect((await box(page.getByPlaceholder('Поиск....')))!.width).toBeGreaterThanOrEqual(400);
  await expect(page.getByTestId('header-time')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(page.getByTestId('header-today')).toHaveText(/^\d{1,2} [а-я]+ \d{4}$/);
  // The bell's badge is the server's unread count of the open project.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const projects = (await (await request.get('/api/v1/user/projects', { headers })).json()) as {
    response: { id: number }[];
  };
  const count = (await (
    await request.get(`/api/v1/notifications/unread-count?project_id=${projects.response[0]!.id}`, {
      headers,
    })
  ).json()) as { response: { unread_count: number } };
  const unread = count.response.unread_count;
  expect(unread).toBeGreaterThan(0);
  await expect(page.getByTestId('unread-badge')).toHaveText(unread > 99 ? '99+' : String(unread));
  await expect(
    page.getByRole('button', { name: new RegExp(`^Уведомления: ${unread} непрочитанн`) }),
  ).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText(DEMO_ADMIN.name);
  await expect(page.getByTestId('account-role')).toHaveText('Админ');
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
});

test('the clock refreshes when the minute changes', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-22T10:15:00+03:00') });
  await page.reload();
  // Held two seconds before the minute's end, however long the page took to load.
  await page.clock.pauseAt(new Date('2026-11-22T10:15:58+03:00'));
  await expect(page.getByTestId('header-time')).toHaveText('10:15');
  await expect(page.getByTestId('header-today')).toHaveText('22 ноября 2026');
  await page.clock.runFor(3_000);
  await expect(page.getByTestId('header-time')).toHaveText('10:16');
  await page.clock.runFor(60_000);
  await expect(page.getByTestId('header-time')).toHaveText('10:17');
});

test.describe('in a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("the clock shows the project's day and time, as the dashboard and the calendar do", async ({
    page,
  }) => {
    // 05:30 on the 22nd in Moscow (the demo project's zone) is 21:30 on the 21st in New York.
    await page.clock.install({ time: new Date('2026-11-22T05:30:00+03:00') });
    await page.reload();
    await expect(page.getByTestId('header-time')).toHaveText('05:30');
    await expect(page.getByTestId('header-today')).toHaveText('22 ноября 2026');
    await expect(page.getByTestId('header-today')).toHaveAttribute('datetime', '2026-11-22');
  });
});

test('the focus ring of the first menu item is not cut off', async ({ page }) => {
  const first = sidebar(page).getByRole('link', { name: 'Главная' });
  await first.focus();
  // The ring is 2px wide at a 2px offset: the scrolling menu must leave that much room around it.
  const room = await first.evaluate((el) => {
    const nav = el.closest('nav')!;
    const style = getComputedStyle(el);
    const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const r = el.getBoundingClientRect();
    const n = nav.getBoundingClientRect();
    return { ring, top: r.top - n.top, left: r.left - n.left, right: n.right - r.right };
  });
  expect(room.ring).toBe(4);
  expect(room.top).toBeGreaterThanOrEqual(room.ring);
  expect(room.left).toBeGreaterThanOrEqual(room.ring);
  expect(room.right).toBeGreaterThanOrEqual(room.ring);
});

test.describe('on a 768px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the sidebar stays, collapsed to 70px, with tooltips; no drawer', async ({ page }) => {
    await expect(sidebar(page)).toBeInViewport();
    await expect.poll(async () => (await box(sidebar(page)))?.width).toBe(70);
    await expect(page.getByRole('button', { name: 'Открыть меню' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Развернуть меню' })).toHaveCount(0);
    await expect(page.getByTestId('header-clock')).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Календарь' }).hover();
    await expect(page.locator('[data-tooltip]')).toHaveText('Календарь');
    await saveShot(page, { path: `${SCREENSHOTS}/layout-768.png` });
    // Modals stay centred dialogs, not phone sheets.
    await page.getByRole('button', { name: 'Выйти' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect((await box(dialog))!.width).toBeLessThan(768);
  });
});

test.describe('on a 390px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a drawer opened by the burger', async ({ page }) => {
    await expect(sidebar(page)).not.toBeInViewport();
    await saveShot(page, { path: `${SCREENSHOTS}/layout-390.png` });
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect.poll(async () => box(sidebar(page))).toMatchObject({ x: 0, width: 260 });
    await saveShot(page, { path: `${SCREENSHOTS}/layout-390-drawer.png` });
    await sidebar(page).getByRole('link', { name: 'Клиенты' }).click();
    await expect(page).toHaveURL('/clients');
    await expect(sidebar(page)).not.toBeInViewport();
  });

  test('the drawer has its own close button, which gives the focus back to the burger', async ({ page }) => {
    const burger = page.getByRole('button', { name: 'Открыть меню' });
    await burger.click();
    await expect.poll(async () => box(sidebar(page))).toMatchObject({ x: 0, width: 260 });
    await sidebar(page).getByRole('button', { name: 'Закрыть меню' }).click();
    await expect(sidebar(page)).not.toBeInViewport();
    await expect(burger).toBeFocused();
  });

  test('modals become full-screen sheets', async ({ page }) => {
    await page.getByRole('button', { name: 'Выйти' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(async () => box(dialog)).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  });
});
