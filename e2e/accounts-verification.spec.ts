import { expect, test, type Page } from './test';
import { SCREENSHOTS, sidebar, uniqueEmail, saveShot } from './fixtures';
import { linkIn, readMail } from './mail';

const VERIFY_SUBJECT = 'Подтвердите адрес электронной почты';
const PASSWORD = 'strong-pass-1';

/** Registers through the form; an unverified account lands on /verify-email (docs/product.md §2.1). */
const registerWithForm = async (page: Page, name: string, email: string) => {
  await page.goto('/registration');
  await page.getByLabel('Имя').fill(name);
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByLabel('Повторите пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL('/verify-email');
};

const emailModal = (page: Page) => page.getByRole('dialog', { name: 'Почта не подтверждена' });

/** mm:ss → seconds. */
const seconds = (text: string | null) => {
  const match = /^(\d\d):(\d\d)$/.exec(text ?? '');
  if (!match) throw new Error(`not mm:ss: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
};

test('registration → the email from SMTP → its link verifies → create a project → main layout', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('verify');
  // The registration sent the email: start-up must not ask for another (the server would say 429).
  const resends: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/email/resend')) resends.push(r.method());
  });
  const refusals: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 429) refusals.push(r.url());
  });
  await registerWithForm(page, 'Вера Проверкина', email);

  // The page says where the email went, and the email-not-confirmed modal is open over it, its
  // countdown started by the registration's email.
  await expect(page).toHaveTitle('Подтверждение почты');
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await expect(emailModal(page)).toBeVisible();
  await expect(emailModal(page).getByText(email)).toBeVisible();
  await expect(emailModal(page).getByRole('timer')).toHaveText(/^0[12]:\d\d$/);
  expect(resends).toEqual([]);
  expect(refusals).toEqual([]);
  // The app itself stays closed: any other screen sends him back here.
  await page.goto('/create-project');
  await expect(page).toHaveURL('/verify-email');
  await page.goto('/clients');
  await expect(page).toHaveURL('/verify-email');

  const mail = await readMail(email, VERIFY_SUBJECT);
  const link = linkIn(mail, `${baseURL}/verify-email/`);
  await page.goto(link);

  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Почта подтверждена!' })).toBeVisible();
  // Verified, no project yet: start-up sends him to create one.
  await expect(page).toHaveURL('/create-project');
  await page.getByLabel('Название проекта').fill('Проверенный отдел');
  await page.getByRole('button', { name: 'Создать проект' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: /Проверенный отдел/ })).toBeVisible();

  // Back on /verify-email, the page only says the address is confirmed.
  await page.goto('/verify-email');
  await expect(page.getByText('Почта уже подтверждена')).toBeVisible();
});

test('the resend cooldown counts down mm:ss, keeps the button disabled and survives a reload', async ({
  page,
}) => {
  const email = uniqueEmail('cooldown');
  await registerWithForm(page, 'Тимур Таймеров', email);

  const modal = emailModal(page);
  const timer = modal.getByRole('timer', { name: 'Время до повторной отправки' });
  const resend = modal.getByRole('button', { name: 'Отправить письмо повторно' });
  await expect(timer).toHaveText(/^0[12]:\d\d$/);
  await expect(resend).toBeDisabled();
  // The time of the last send is kept locally (docs/product.md §6.4, §10.7).
  expect(await page.evaluate(() => localStorage.getItem('lastSentTime'))).toMatch(/^\d+$/);

  await saveShot(page, { path: `${SCREENSHOTS}/verify-email-modal.png`, animations: 'disabled' });

  const first = seconds(await timer.textContent());
  expect(first).toBeGreaterThan(100);
  await page.waitForTimeout(2_100);
  const second = seconds(await timer.textContent());
  expect(second).toBeLessThan(first);
  expect(first - second).toBeLessThanOrEqual(3);

  await page.reload();
  await expect(timer).toHaveText(/^0[12]:\d\d$/);
  const afterReload = seconds(await timer.textContent());
  expect(afterReload).toBeLessThanOrEqual(second);
  expect(afterReload).toBeGreaterThan(second - 5);
  await expect(resend).toBeDisabled();
  await page.waitForTimeout(1_100);
  expect(seconds(await timer.textContent())).toBeLessThan(afterReload);

  // A stale local time unlocks the button, but the server still counts: its 429 says so in a
  // toast, and its Retry-After puts the countdown back.
  await page.evaluate(() => localStorage.setItem('lastSentTime', String(Date.now() - 10 * 60_000)));
  await expect(timer).toBeHidden();
  await expect(resend).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/email/resend'));
  await resend.click();
  const res = await answer;
  expect(res.status()).toBe(429);
  const { message } = (await res.json()) as { message: string };
  await expect(page.locator('.Toastify__toast').filter({ hasText: message })).toBeVisible();
  await expect(timer).toHaveText(/^01:\d\d$/);
  await expect(resend).toBeDisabled();

  // The closed modal can be opened again from the page; 'Выйти' asks first, then signs out.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Не пришло письмо?' }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Выйти' }).click();
  await page
    .getByRole('dialog', { name: 'Вы действительно хотите выйти?' })
    .getByRole('button', { name: 'Да, выйти' })
    .click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wrong verification link says so in Russian and offers a new email', async ({ page }) => {
  const email = uniqueEmail('wrong-link');
  await registerWithForm(page, 'Олег Ошибкин', email);

  await page.goto('/verify-email/not-a-real-hash');
  const failure = page.getByRole('alert');
  await expect(failure.getByText('Не удалось подтвердить почту')).toBeVisible();
  await expect(failure.getByText('Ссылка для подтверждения недействительна или устарела')).toBeVisible();
  // The page speaks Russian: the English fallbacks of the spec are for toasts only.
  await expect(page.locator('body')).not.toContainText(/Failed/);
  await expect(failure.getByRole('button', { name: 'Отправить письмо повторно' })).toBeVisible();
  await expect(page).toHaveURL('/verify-email/not-a-real-hash');
  await saveShot(page, { path: `${SCREENSHOTS}/verify-email-failed.png`, animations: 'disabled' });
});

test('a verification link opened while signed out comes back to itself after sign-in', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('later');
  await registerWithForm(page, 'Лев Позднов', email);
  const link = linkIn(await readMail(email, VERIFY_SUBJECT), `${baseURL}/verify-email/`);
  await page.evaluate(() => localStorage.removeItem('token'));

  await page.goto(link);
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Войдите, чтобы подтвердить адрес электронной почты')).toBeVisible();
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();

  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Почта подтверждена!' })).toBeVisible();
  await expect(page).toHaveURL('/create-project');
  // A user without projects has no header: the card offers the way out.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Да, выйти' }).click();
  await expect(page).toHaveURL('/login');
});
