import { expect, test, type Page } from './test';
import { SCREENSHOTS, uniqueEmail, seriousViolations, saveShot } from './fixtures';
import { linkIn, readMail } from './mail';

const register = async (page: Page, email: string) => {
  await page.goto('/registration');
  await page.getByLabel('Имя').fill('Ася Доступная');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill('strong-pass-1');
  await page.getByLabel('Повторите пароль').fill('strong-pass-1');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL('/verify-email');
};

test('/login with the Google link and both /recovery forms have no serious or critical axe violations', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Войти через Google' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/recovery');
  await expect(page.getByLabel('Электронная почта')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/recovery?token=abc&email=someone%40example.com');
  await expect(page.getByLabel('Новый пароль')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('/verify-email with its modal, and /create-project, have no serious or critical axe violations', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('a11y');
  await register(page, email);
  const modal = page.getByRole('dialog', { name: 'Почта не подтверждена' });
  await expect(modal.getByRole('timer')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: Tab stays in the modal, Escape closes it, and the page offers it again.
  await page.keyboard.press('Tab');
  await expect(modal.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: 'Не пришло письмо?' })).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/verify-email-page.png`, animations: 'disabled' });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Не пришло письмо?' }).click();
  await expect(modal).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/verify-email-modal-phone.png`, animations: 'disabled' });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(
    linkIn(await readMail(email, 'Подтвердите адрес электронной почты'), `${baseURL}/verify-email/`),
  );
  await expect(page).toHaveURL('/create-project');
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await saveShot(page, { path: `${SCREENSHOTS}/create-project-sign-out.png`, animations: 'disabled' });
  expect(await seriousViolations(page)).toEqual([]);
});
