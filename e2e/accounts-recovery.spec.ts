import { expect, test, type Page } from './test';
import { SCREENSHOTS, uniqueEmail, saveShot } from './fixtures';
import { linkIn, readMail } from './mail';

const RECOVERY_SUBJECT = 'Восстановление пароля';
const NEUTRAL =
  'Если аккаунт с такой почтой существует, мы отправили письмо со ссылкой для восстановления пароля.';

const requestLink = async (page: Page, email: string) => {
  await page.goto('/recovery');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText(NEUTRAL)).toBeVisible();
};

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
};

test('recovery: the email link sets a new password, the old one stops working, the link works once', async ({
  page,
  request,
  baseURL,
}) => {
  // Five password hashes (register, reset, three sign-ins) at the server's real cost.
  test.slow();
  const email = uniqueEmail('forgot');
  const oldPassword = 'old-pass-123';
  const newPassword = 'new-pass-456';
  const reg = await request.post('/api/v1/register', {
    data: { name: 'Роман Забывчивый', email, password: oldPassword, password_confirmation: oldPassword },
  });
  expect(reg.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL('/recovery');
  await expect(page).toHaveTitle('Восстановление пароля');
  await saveShot(page, { path: `${SCREENSHOTS}/recovery-request.png`, animations: 'disabled' });
  await requestLink(page, email);
  await saveShot(page, { path: `${SCREENSHOTS}/recovery-sent.png`, animations: 'disabled' });

  const link = linkIn(await readMail(email, RECOVERY_SUBJECT), `${baseURL}/recovery?token=`);
  await page.goto(link);
  await expect(page.getByText(`Придумайте новый пароль для ${email}`)).toBeVisible();
  // The contract's rules, checked before anything is sent.
  await page.getByLabel('Новый пароль').fill('short');
  await page.getByLabel('Повторите пароль').fill('other');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароль должен содержать не менее 8 символов')).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/recovery-new-password.png`, animations: 'disabled' });

  await page.getByLabel('Новый пароль').fill(newPassword);
  await page.getByLabel('Повторите пароль').fill(newPassword);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Пароль изменён' })).toBeVisible();
  await expect(page).toHaveURL('/login');

  // The old password is refused…
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/login'));
  await signIn(page, email, oldPassword);
  expect((await refused).status()).toBe(422);
  await expect(page).toHaveURL('/login');

  // …the new one works (the link proved the address: no verification step; no project yet).
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL('/create-project');

  // The used link refuses a second time, and says how to get a new one.
  await page.goto(link);
  await page.getByLabel('Новый пароль').fill('third-pass-789');
  await page.getByLabel('Повторите пароль').fill('third-pass-789');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Ссылка для восстановления недействительна или устарела' });
  await expect(alert).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/recovery-used-link.png`, animations: 'disabled' });
  await alert.getByRole('link', { name: 'Запросить новую ссылку' }).click();
  await expect(page).toHaveURL('/recovery');
  await expect(page.getByLabel('Электронная почта')).toBeVisible();
});

test('recovery answers an unknown address the same way', async ({ page }) => {
  await requestLink(page, uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Указать другую почту' }).click();
  await expect(page.getByLabel('Электронная почта')).toBeVisible();
});
