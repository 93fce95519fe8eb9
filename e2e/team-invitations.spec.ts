import { expect, test, type APIRequestContext, type Browser, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_OWNER,
  DEMO_PROJECT,
  SCREENSHOTS,
  sidebar,
  signInWithToken,
  uniqueEmail,
  seriousViolations,
  saveShot,
} from './fixtures';
import { linkIn, readMail } from './mail';

const SUBJECT = `Приглашение в проект «${DEMO_PROJECT}»`;
const PASSWORD = 'strong-pass-1';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();

/** Opens the invitation modal on /managers, fills it and sends it; checks the toast. */
const invite = async (page: Page, email: string, role: 'Админ' | 'Менеджер', screenshot?: string) => {
  await page.getByRole('button', { name: 'Пригласить', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Пригласить в проект' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Отправить' });
  // docs/product.md §4.4: sending is disabled without both the email and the status.
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Электронная почта').fill(email);
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Статус').selectOption({ label: role });
  await expect(send).toBeEnabled();
  if (screenshot) await saveShot(page, { path: `${SCREENSHOTS}/${screenshot}` });
  await send.click();
  await expect(toast(page, 'Приглашение успешно отправлено!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toContainText(role);
};

/** Every request for an invitation preview (GET /invitations/{token}) from now on. */
const watchInvitationPreviews = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/api\/v1\/invitations\/[^/]+$/.test(new URL(r.url()).pathname))
      seen.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() === 404) seen.push(`404 ${r.url()}`);
  });
  return seen;
};

/** The invited person opens the emailed link in his own browser and registers from it. */
const registerFromEmail = async (
  browser: Browser,
  baseURL: string,
  email: string,
  name: string,
  role: string,
) => {
  const mail = await readMail(email, SUBJECT);
  const link = linkIn(mail, `${baseURL}/registration?invitation=`);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('invitation-banner')).toHaveText(
    // The role as the sentence needs it: 'как менеджера', 'как администратора'.
    new RegExp(
      `Вас пригласили в проект «${DEMO_PROJECT}» как ${role === 'Менеджер' ? 'менеджера' : 'администратора'}`,
    ),
  );
  await expect(page.getByTestId('invitation-banner')).toContainText('Создайте аккаунт, чтобы присоединиться');
  // The address of the invitation is filled in.
  await expect(page.getByLabel('Электронная почта')).toHaveValue(email);
  await saveShot(page, { path: `${SCREENSHOTS}/registration-invitation-${role}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Имя').fill(name);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByLabel('Повторите пароль').fill(PASSWORD);
  // Registering uses the invitation up: the page must not ask for it again (it would get a 404).
  const previews = watchInvitationPreviews(page);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // The invitation proved the address: straight into the project, no verification step.
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText(name);
  expect(previews).toEqual([]);
  await expect(sidebar(page).getByRole('button', { name: new RegExp(DEMO_PROJECT) })).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText(name);
  return { page, context };
};

test('an admin invites an admin and a manager; each registers from the emailed link into the project with that role', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow(); // Two registrations (scrypt) and two emails.
  const adminEmail = uniqueEmail('invited.admin');
  const managerEmail = uniqueEmail('invited.manager');
  await signInWithToken(page, request, DEMO_ADMIN.email, '/managers');
  await expect(page.getByRole('heading', { level: 1, name: 'Менеджеры' })).toBeVisible();
  await expect(page.getByTestId('team-row').filter({ hasText: DEMO_ADMIN.email })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await invite(page, adminEmail, 'Админ');
  await invite(page, managerEmail, 'Менеджер', 'managers-invitation-modal.png');
  // The pending invitation shows until when its link works, in Russian (DD.MM.YYYY).
  const expires = new Date(Date.now() + 7 * 24 * 3600_000).toLocaleDateString('ru-RU', {
    timeZone: 'Europe/Moscow',
  });
  await expect(page.getByTestId('invitation-row').filter({ hasText: managerEmail })).toContainText(
    `Действует до ${expires}`,
  );
  await saveShot(page, { path: `${SCREENSHOTS}/managers.png`, fullPage: true });

  // The manager: the chat with the administrator, no admin menu.
  const manager = await registerFromEmail(browser, baseURL!, managerEmail, 'Максим Приглашённый', 'Менеджер');
  await expect(manager.page.getByTestId('account-role')).toHaveText('Менеджер');
  await expect(sidebar(manager.page).getByRole('link', { name: 'Чат с администратором' })).toBeVisible();
  await expect(sidebar(manager.page).getByRole('button', { name: 'Настройки' })).toHaveCount(0);
  await expect(sidebar(manager.page).getByRole('link', { name: 'Форма клиента' })).toHaveCount(0);
  await manager.context.close();

  // The admin: the settings.
  const admin = await registerFromEmail(browser, baseURL!, adminEmail, 'Алла Приглашённая', 'Админ');
  await expect(admin.page.getByTestId('account-role')).toHaveText('Админ');
  await sidebar(admin.page).getByRole('button', { name: 'Настройки' }).click();
  await expect(
    admin.page.getByTestId('settings-menu').getByRole('link', { name: 'Менеджеры' }),
  ).toBeVisible();
  await expect(sidebar(admin.page).getByRole('link', { name: 'Чат с менеджерами' })).toBeVisible();
  await admin.context.close();

  // Both are in the team now, with their roles; the invitations are used up.
  await page.reload();
  await expect(page.getByTestId('team-row').filter({ hasText: managerEmail })).toContainText('Менеджер');
  await expect(page.getByTestId('team-row').filter({ hasText: adminEmail })).toContainText('Админ');
  await expect(page.getByTestId('invitation-row').filter({ hasText: managerEmail })).toHaveCount(0);
  await expect(page.getByTestId('invitation-row').filter({ hasText: adminEmail })).toHaveCount(0);
});

test('an invitation can be revoked; its link then says so; a second one to the same address is refused', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('revoked');
  await signInWithToken(page, request, DEMO_ADMIN.email, '/managers');
  await invite(page, email, 'Менеджер');

  // The same address again: the server's message under the field (and in a toast).
  await page.getByRole('button', { name: 'Пригласить', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Пригласить в проект' });
  await dialog.getByLabel('Электронная почта').fill(email);
  await dialog.getByLabel('Статус').selectOption({ label: 'Админ' });
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Приглашение на эту почту уже отправлено и ещё действует')).toBeVisible();
  await dialog.getByRole('button', { name: 'Отменить' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Отозвать приглашение для ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: `Отозвать приглашение для ${email}?` });
  await confirm.getByRole('button', { name: 'Да, отозвать' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toHaveCount(0);

  const link = linkIn(await readMail(email, SUBJECT), `${baseURL}/registration?invitation=`);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  const banner = visitor.getByTestId('invitation-banner');
  await expect(banner).toHaveText(/отозвано администратором проекта/);
  // Which case it is and what to do; nothing on the page still claims an invitation.
  await expect(banner).toHaveAttribute('data-problem', 'revoked');
  await expect(banner).toContainText('попросите его администратора прислать новое приглашение');
  await expect(banner).toContainText('Можно и зарегистрироваться без приглашения');
  await expect(visitor.getByText(/Вас пригласили/)).toHaveCount(0);
  await expect(visitor.getByLabel('Электронная почта')).toHaveValue('');
  await saveShot(visitor, { path: `${SCREENSHOTS}/registration-invitation-revoked.png`, fullPage: true });
  await context.close();
});

test('an unknown invitation link says so and what to do', async ({ page }) => {
  await page.goto(`/registration?invitation=${'x'.repeat(43)}`);
  const banner = page.getByTestId('invitation-banner');
  await expect(banner).toContainText('Приглашение не найдено: проверьте ссылку из письма');
  await expect(banner).toHaveAttribute('data-problem', 'unknown');
  await expect(banner).toContainText('попросите администратора проекта прислать новое приглашение');
  await expect(page.getByText(/Вас пригласили/)).toHaveCount(0);
});

test('the super admin and oneself offer no removal; a manager can be removed', async ({
  page,
  request,
  baseURL,
}) => {
  // A manager to remove, joined through the API (invitation → registration from its link).
  const email = uniqueEmail('removed');
  const login = await request.post('/api/v1/login', {
    data: { email: DEMO_ADMIN.email, password: 'demo12345' },
  });
  const auth = {
    Authorization: `Bearer ${((await login.json()) as { response: { token: string } }).response.token}`,
  };
  const projects = await request.get('/api/v1/user/projects', { headers: auth });
  const projectId = ((await projects.json()) as { response: Array<{ id: number }> }).response[0]!.id;
  const sent = await request.post(`/api/v1/projects/${projectId}/invitations`, {
    data: { email, role: 'manager' },
    headers: auth,
  });
  expect(sent.status()).toBe(201);
  const link = new URL(linkIn(await readMail(email, SUBJECT), `${baseURL}/registration?invitation=`));
  const reg = await request.post('/api/v1/register', {
    data: {
      name: 'Роман Уходящий',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      invitation_token: link.searchParams.get('invitation'),
    },
  });
  expect(reg.status()).toBe(201);

  await signInWithToken(page, request, DEMO_ADMIN.email, '/managers');
  // The owner and oneself cannot be removed (the server refuses both): no action is offered.
  const ownerRow = page.getByTestId('team-row').filter({ hasText: DEMO_OWNER.email });
  await expect(ownerRow).toBeVisible();
  await expect(ownerRow.getByRole('button', { name: /Удалить из проекта/ })).toHaveCount(0);
  const selfRow = page.getByTestId('team-row').filter({ hasText: DEMO_ADMIN.email });
  await expect(selfRow.getByRole('button', { name: /Удалить из проекта/ })).toHaveCount(0);

  const managerRow = page.getByTestId('team-row').filter({ hasText: email });
  await managerRow.getByRole('button', { name: 'Удалить из проекта: Роман Уходящий' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить Роман Уходящий из проекта?' });
  await confirm.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(confirm).toBeHidden();
  await expect(managerRow).toHaveCount(0);
});

/**
 * Someone with an account of his own, invited as a manager by the demo admin (in `page`, which is
 * left signed in as the admin): his address, token and the emailed link.
 */
const inviteExistingAccount = async (
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  who: string,
  name: string,
) => {
  const email = uniqueEmail(who);
  const reg = await request.post('/api/v1/register', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const { token } = ((await reg.json()) as { response: { token: string } }).response;
  await signInWithToken(page, request, DEMO_ADMIN.email, '/managers');
  await invite(page, email, 'Менеджер');
  const link = linkIn(await readMail(email, SUBJECT), `${baseURL}/registration?invitation=`);
  return { email, token, link };
};

test('someone already signed in accepts an invitation from the link and lands in that project', async ({
  page,
  request,
  baseURL,
}) => {
  // An account of his own, with a project of his own.
  const { token, link } = await inviteExistingAccount(
    page,
    request,
    baseURL!,
    'accepting',
    'Пётр Принимающий',
  );

  // He opens the link signed in as himself.
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.removeItem('project_id');
  }, token);
  await page.goto(link);
  const banner = page.getByTestId('invitation-banner');
  await expect(banner).toContainText(`Вас пригласили в проект «${DEMO_PROJECT}» как менеджера`);
  await saveShot(page, { path: `${SCREENSHOTS}/registration-invitation-signed-in.png`, fullPage: true });
  // Once accepted, the invitation is not asked for again (it would answer 404).
  const previews = watchInvitationPreviews(page);
  await banner.getByRole('button', { name: 'Принять приглашение' }).click();
  // Accepting proved the address: the project opens, no verification step.
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: new RegExp(DEMO_PROJECT) })).toBeVisible();
  await expect(page.getByTestId('account-role')).toHaveText('Менеджер');
  expect(previews).toEqual([]);
});

test('an invitation survives a sign-in: opened with an expired session, the sign-in comes back to it and only «Принять приглашение» is offered', async ({
  page,
  request,
  baseURL,
}) => {
  const { email, link } = await inviteExistingAccount(
    page,
    request,
    baseURL!,
    'returning',
    'Ольга Вернувшаяся',
  );

  // Her stored session has expired meanwhile.
  await page.evaluate(() => {
    localStorage.setItem('token', 'expired-session-token');
    localStorage.removeItem('project_id');
  });
  // Her first request is refused (401): the sign-in page, which remembers the invitation.
  await page.goto(link);
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(link.slice(baseURL!.length));
  // Signed in: the banner alone, no empty registration form.
  const banner = page.getByTestId('invitation-banner');
  await expect(page.getByRole('heading', { level: 1, name: 'Приглашение в проект' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Зарегистрироваться' })).toHaveCount(0);
  await banner.getByRole('button', { name: 'Принять приглашение' }).click();
  await expect(page).toHaveURL('/');
  await expect(sidebar(page).getByRole('button', { name: new RegExp(DEMO_PROJECT) })).toBeVisible();
  await expect(page.getByTestId('account-role')).toHaveText('Менеджер');
});

test('signed out, «Войдите» on an invitation keeps it for after the sign-in', async ({
  page,
  request,
  baseURL,
}) => {
  const { email, link } = await inviteExistingAccount(page, request, baseURL!, 'member', 'Игорь Вошедший');
  await page.evaluate(() => localStorage.clear());

  await page.goto(link);
  const banner = page.getByTestId('invitation-banner');
  await expect(banner).toContainText('приглашение дождётся вас');
  await banner.getByRole('link', { name: 'Войдите' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(link.slice(baseURL!.length));
  await expect(banner.getByRole('button', { name: 'Принять приглашение' })).toBeVisible();
});
