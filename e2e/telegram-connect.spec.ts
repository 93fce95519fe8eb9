import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, workerPort } from './test';
import { DEMO_ADMIN, demoApi, SCREENSHOTS, saveShot, seriousViolations, signInWithToken } from './fixtures';

const SHOTS = `${SCREENSHOTS}/telegram`;

/** The bot this worker's test Bot API server knows (e2e/start-server.ts). */
const testBot = () =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`./.data/${workerPort(test.info().parallelIndex)}/telegram.json`, import.meta.url)), 'utf8'),
  ) as { token: string; username: string };

test('an admin connects the project bot with its token against the Bot API server, sees it, and disconnects it', async ({
  page,
  request,
}) => {
  const bot = testBot();
  const api = await demoApi(request, DEMO_ADMIN.email);
  // Whatever an earlier run left: the project starts without a bot.
  await request.delete(`${api.base}/telegram`, { headers: api.headers });

  await signInWithToken(page, request, DEMO_ADMIN.email, '/project-setting');
  await page.getByRole('navigation', { name: 'Разделы настроек' }).getByRole('link', { name: 'Telegram' }).click();
  await expect(page).toHaveURL(/\/project-setting\/telegram$/);
  const token = page.getByLabel('Токен бота');
  await expect(token).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/connect-1440.png` });

  // A token Telegram does not know: its reason, in Russian, under the field; what was typed stays.
  const unknown = '123456789:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  await token.fill(unknown);
  await page.getByRole('button', { name: 'Подключить' }).click();
  await expect(page.locator('form').getByText('Telegram не принял токен: он неверный или отозван в @BotFather')).toBeVisible();
  await expect(token).toHaveValue(unknown);

  await token.fill(bot.token);
  await page.getByRole('button', { name: 'Подключить' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Бот подключён' })).toBeVisible();
  const connected = page.getByTestId('telegram-bot');
  await expect(connected.getByRole('link', { name: `@${bot.username}` })).toHaveAttribute('href', `https://t.me/${bot.username}`);
  await expect(connected).toContainText('Сервер забирает сообщения у Telegram каждую секунду');
  // The token is nowhere on the page.
  expect(await page.content()).not.toContain(bot.token.split(':')[1]);
  await saveShot(page, { path: `${SHOTS}/connected-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(connected).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/connected-390.png`, fullPage: true });

  await connected.getByRole('button', { name: 'Отключить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Да, отключить' }).click();
  await expect(page.getByLabel('Токен бота')).toBeVisible();
});
