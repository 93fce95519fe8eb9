import { expect, test, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  DEMO_OWNER,
  SCREENSHOTS,
  sidebar,
  signInWithToken,
  saveShot,
  seriousViolations,
} from './fixtures';

const accountButton = (page: Page) => page.getByRole('button', { name: /^Аккаунт:/ });
const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    local: localStorage.getItem('token'),
    session: sessionStorage.getItem('access_token'),
  }));

/** Opens the account dropdown, unfolds 'Менеджеры' and switches into the demo manager. */
const switchToManager = async (page: Page, screenshot?: string) => {
  await accountButton(page).click();
  const menu = page.locator('[data-dropdown-menu]');
  await expect(menu.getByText('Менеджеры', { exact: true })).toBeVisible();
  await menu.getByRole('button', { name: 'Показать всех' }).click();
  const item = menu.getByRole('button', { name: `Войти в аккаунт менеджера ${DEMO_MANAGER.name}` });
  await expect(item).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Скрыть' })).toBeVisible();
  // Only managers are listed: not the admin himself, not the super admin.
  await expect(menu.getByRole('button', { name: new RegExp(DEMO_OWNER.name) })).toHaveCount(0);
  if (screenshot) {
    await item.scrollIntoViewIfNeeded();
    await saveShot(page, { path: `${SCREENSHOTS}/${screenshot}` });
  }
  const reloaded = page.waitForEvent('load');
  await item.click();
  await reloaded;
};

const expectManagerAccount = async (page: Page) => {
  await expect(page.getByTestId('account-name')).toHaveText(DEMO_MANAGER.name);
  await expect(page.getByTestId('account-role')).toHaveText('Менеджер');
  await expect(page.getByTestId('impersonation-banner')).toContainText(`Вы вошли как ${DEMO_MANAGER.name}`);
  // The manager's menu: the chat with the administrator, no settings.
  await expect(sidebar(page).getByRole('link', { name: 'Чат с администратором' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Настройки' })).toHaveCount(0);
};

const expectAdminAccount = async (page: Page) => {
  await expect(page.getByTestId('account-name')).toHaveText(DEMO_ADMIN.name);
  await expect(page.getByTestId('account-role')).toHaveText('Админ');
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  await expect(sidebar(page).getByRole('button', { name: 'Настройки' })).toBeVisible();
};

test('the admin switches into a manager from the account dropdown and back ("Вернуться", then "Выйти")', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  const { local: loginToken } = await storedTokens(page);
  expect(loginToken).toBeTruthy();

  // 'Показать всех' / 'Скрыть' fold the list.
  await accountButton(page).click();
  const menu = page.locator('[data-dropdown-menu]');
  await menu.getByRole('button', { name: 'Показать всех' }).click();
  await expect(
    menu.getByRole('button', { name: `Войти в аккаунт менеджера ${DEMO_MANAGER.name}` }),
  ).toBeVisible();
  await menu.getByRole('button', { name: 'Скрыть' }).click();
  await expect(
    menu.getByRole('button', { name: `Войти в аккаунт менеджера ${DEMO_MANAGER.name}` }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await switchToManager(page, 'account-dropdown-managers.png');
  await expectManagerAccount(page);
  let tokens = await storedTokens(page);
  expect(tokens.session).toBeTruthy();
  expect(tokens.session).not.toBe(loginToken);
  expect(tokens.local).toBe(loginToken);
  await saveShot(page, { path: `${SCREENSHOTS}/impersonation-banner.png` });
  expect(await seriousViolations(page)).toEqual([]);
  // Narrower screens: the strip keeps the name and 'Вернуться'.
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.reload();
    await expect(
      page.getByTestId('impersonation-banner').getByRole('button', { name: /Вернуться/ }),
    ).toBeVisible();
    await saveShot(page, { path: `${SCREENSHOTS}/impersonation-banner-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // It holds across a reload (the tab's session keeps the manager's token).
  await page.reload();
  await expectManagerAccount(page);

  // 'Вернуться' ends the manager's token on the server and drops it; the admin's stays.
  const switchToken = tokens.session!;
  let reloaded = page.waitForEvent('load');
  await page
    .getByTestId('impersonation-banner')
    .getByRole('button', { name: /Вернуться/ })
    .click();
  await reloaded;
  await expectAdminAccount(page);
  tokens = await storedTokens(page);
  expect(tokens.session).toBeNull();
  expect(tokens.local).toBe(loginToken);
  const ended = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${switchToken}` } });
  expect(ended.status()).toBe(401);

  // 'Выйти' while switched does the same (docs/product.md §3.5), after the usual question.
  await switchToManager(page);
  await expectManagerAccount(page);
  const secondSwitch = (await storedTokens(page)).session!;
  await page.getByRole('button', { name: 'Выйти' }).click();
  const ask = page.getByRole('dialog', { name: 'Вы действительно хотите выйти?' });
  await expect(ask).toContainText('вернётесь в свой');
  reloaded = page.waitForEvent('load');
  await ask.getByRole('button', { name: 'Да, выйти' }).click();
  await reloaded;
  await expectAdminAccount(page);
  tokens = await storedTokens(page);
  expect(tokens.session).toBeNull();
  expect(tokens.local).toBe(loginToken);
  // The admin's own token still works: he is signed in, not sent to /login.
  await expect(page).toHaveURL('/');
  const left = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${secondSwitch}` } });
  expect(left.status()).toBe(401);
});

test('the super admin and a manager have no manager list in the account dropdown', async ({
  page,
  request,
}) => {
  for (const person of [DEMO_OWNER, DEMO_MANAGER]) {
    await signInWithToken(page, request, person.email);
    await expect(page.getByTestId('account-name')).toHaveText(person.name);
    await accountButton(page).click();
    const menu = page.locator('[data-dropdown-menu]');
    await expect(menu).toContainText(person.email);
    await expect(menu.getByText('Менеджеры', { exact: true })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Показать всех' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.clear());
  }
});

test('the admin switches into a manager from the manager page too', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/managers');
  await page.getByTestId('team-row').getByRole('link', { name: DEMO_MANAGER.name }).click();
  await expect(page).toHaveURL(/\/managers\/\d+$/);
  const profile = page.getByTestId('manager-profile');
  await expect(profile.getByRole('heading', { name: DEMO_MANAGER.name })).toBeVisible();
  await expect(profile).toContainText(DEMO_MANAGER.email);
  await expect(profile).toContainText('Менеджер');
  await expect(page.getByRole('heading', { level: 2, name: 'Клиенты' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Напоминания' })).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/manager-page.png`, fullPage: true });

  const reloaded = page.waitForEvent('load');
  await profile.getByRole('button', { name: 'Войти в аккаунт' }).click();
  await reloaded;
  // The manager's own Главная opens, not the admin screen the switch started from.
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toHaveCount(0);
  await expectManagerAccount(page);
  await page
    .getByTestId('impersonation-banner')
    .getByRole('button', { name: /Вернуться/ })
    .click();
  await expectAdminAccount(page);
});

test("switching from the account dropdown on an admin screen also opens the manager's Главная", async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Статусы' })).toBeVisible();
  await switchToManager(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expectManagerAccount(page);
});

test('while switched, the account dropdown opens over the banner: name and email readable, "Вернуться" under it', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  await switchToManager(page);
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toBeVisible();
  await accountButton(page).click();
  const menu = page.locator('[data-dropdown-menu]');
  await expect(menu).toContainText(DEMO_MANAGER.email);
  await saveShot(page, { path: `${SCREENSHOTS}/impersonation-account-menu.png` });

  // What is drawn on top where the menu and the strip overlap: the menu's own text.
  for (const text of [DEMO_MANAGER.name, DEMO_MANAGER.email]) {
    const line = menu.getByText(text, { exact: true });
    const onTop = await line.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop, `${text} is on top`).toBe(true);
  }
  const [m, b] = [(await menu.boundingBox())!, (await banner.boundingBox())!];
  expect(m.y).toBeLessThan(b.y + b.height);
  const overlap = await page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-dropdown-menu]')),
    { x: m.x + m.width / 2, y: b.y + b.height / 2 },
  );
  expect(overlap).toBe(true);
});
