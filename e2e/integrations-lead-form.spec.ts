import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './test';
import { DEMO_ADMIN, DEMO_MANAGER, SCREENSHOTS, saveShot, seriousViolations, signInWithToken } from './fixtures';

const SHOTS = `${SCREENSHOTS}/integrations`;
const column = (page: Page, name: string) =>
  page.getByTestId('board-column').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** A team's website on another origin: one page with whatever the test pastes into it. */
async function startSite() {
  let html = '';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    paste(snippet: string) {
      html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Сайт</title></head><body><h1>Оставьте заявку</h1>${snippet}</body></html>`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an admin builds a lead form, a visitor sends it from the team site, and the client is on the board', async ({
  page,
  request,
  context,
}) => {
  const site = await startSite();
  try {
    await signInWithToken(page, request, DEMO_ADMIN.email, '/project-setting/integrations');
    const card = page.getByRole('region', { name: /Формы для сайта/ });
    await expect(page.getByTestId('lead-forms-skeleton')).toHaveCount(0);
    await card.getByRole('button', { name: 'Создать форму' }).click();
    const modal = page.getByRole('dialog', { name: 'Новая форма для сайта' });
    const formName = `Заявка ${Date.now().toString(36)}`;
    await modal.getByLabel('Название').fill(formName);
    // The client form's required phone is asked whatever is chosen.
    await expect(modal.getByRole('checkbox', { name: /Телефон/ }).first()).toBeChecked();
    const stage = modal.getByLabel('Категория новых клиентов');
    const stageName = (await stage.locator('option').first().textContent())!;
    await modal.getByLabel('Кому достаются клиенты').selectOption({ label: 'Один менеджер' });
    await modal.getByRole('combobox', { name: 'Менеджер', exact: true }).selectOption({ label: 'Мария Менеджерова' });
    await modal.getByLabel('Текст после отправки').fill('Спасибо! Перезвоним за 15 минут.');
    await modal.getByLabel('Сайты, где стоит форма').fill(site.origin);
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, { path: `${SHOTS}/lead-form-1440.png`, fullPage: true });
    await modal.getByRole('button', { name: 'Создать' }).click();

    const code = page.getByRole('dialog', { name: `Код формы «${formName}»` }).getByTestId('lead-form-snippet');
    await expect(code).toContainText('embed.js');
    site.paste((await code.textContent())!);
    await saveShot(page, { path: `${SHOTS}/lead-form-code-1440.png` });
    await page.getByRole('button', { name: 'Готово' }).click();

    // The visitor, on the team's own site.
    const visitor = await context.newPage();
    await visitor.goto(site.origin);
    const family = `Сайтов${Date.now().toString(36)}`;
    await visitor.getByLabel('Имя').fill('Олег');
    await visitor.getByLabel('Фамилия').fill(family);
    await visitor.getByLabel(/Телефон/).first().fill(`+7 495 768 ${String(Date.now()).slice(-4)}`);
    const send = visitor.getByRole('button', { name: 'Отправить' });
    // The button works once a person could have filled the form.
    await expect(send).toBeEnabled();
    await send.click();
    await expect(visitor.getByRole('status')).toHaveText('Спасибо! Перезвоним за 15 минут.');
    await saveShot(visitor, { path: `${SHOTS}/lead-form-site-sent.png` });

    // On the board, in the form's stage, with its manager.
    await page.goto('/clients');
    const full = `Олег ${family}`;
    const cardOnBoard = column(page, stageName).getByRole('article', { name: full, exact: true });
    await expect(cardOnBoard).toBeVisible();
    await expect(cardOnBoard).toContainText(DEMO_MANAGER.name.split(' ')[0]!);

    await page.goto('/project-setting/integrations');
    await expect(page.getByTestId('lead-form-row').filter({ hasText: formName })).toContainText('Заявок: 1');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('lead-form-row').filter({ hasText: formName })).toBeVisible();
    await saveShot(page, { path: `${SHOTS}/lead-forms-390.png`, fullPage: true });
  } finally {
    await site.close();
  }
});
