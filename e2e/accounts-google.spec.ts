import { expect, test, type Page } from './test';
import { DEMO_ADMIN, SCREENSHOTS, uniqueEmail, saveShot } from './fixtures';

/** Plays the person on the local OpenID provider's pages (it stands in for Google). */
const signInAtProvider = async (page: Page, email: string) => {
  await expect(page).not.toHaveURL(/localhost:\d+\/login/);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
};

const googleLink = (page: Page) => page.getByRole('link', { name: 'Войти через Google' });

test('Google: a new account signs in and lands on /create-project', async ({ page }) => {
  await page.goto('/login');
  await expect(googleLink(page)).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/login-google.png`, animations: 'disabled' });
  await googleLink(page).click();

  await signInAtProvider(page, uniqueEmail('google'));
  await expect(page).toHaveURL('/create-project');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^\d+\|/);
  await expect(page.getByRole('heading', { level: 1, name: 'Новый проект' })).toBeVisible();
});

test('Google: the demo admin lands in the layout of his project', async ({ page }) => {
  await page.goto('/registration');
  await expect(googleLink(page)).toBeVisible();
  await googleLink(page).click();

  await signInAtProvider(page, DEMO_ADMIN.email);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText(DEMO_ADMIN.name);
});

test('Google: an address Google has not verified is refused, with the way back to /login', async ({
  page,
}) => {
  await page.goto('/login');
  await googleLink(page).click();
  await signInAtProvider(page, uniqueEmail('unverified'));

  await expect(page).toHaveURL(/\/login_data_processing\?/);
  const failure = page.getByRole('alert');
  await expect(failure.getByText('Google не подтвердил адрес почты этого аккаунта')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await saveShot(page, { path: `${SCREENSHOTS}/google-refused.png`, animations: 'disabled' });
  await failure.getByRole('link', { name: 'Вернуться ко входу' }).click();
  await expect(page).toHaveURL('/login');
});

test('an invitation link offers no Google button (it could not carry the invitation)', async ({ page }) => {
  await page.goto('/registration');
  await expect(googleLink(page)).toBeVisible();
  await page.goto('/registration?invitation=abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await expect(googleLink(page)).toHaveCount(0);
});
