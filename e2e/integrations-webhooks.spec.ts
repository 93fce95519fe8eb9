import { startWebhookReceiver } from '../apps/server/src/test/test-webhook-receiver';
import { expect, test, type Page } from './test';
import { DEMO_ADMIN, demoApi, SCREENSHOTS, saveShot, seriousViolations, signInWithToken } from './fixtures';

const SHOTS = `${SCREENSHOTS}/integrations`;
const column = (page: Page, name: string) =>
  page.getByTestId('board-column').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('an admin adds a webhook, a client moved on the board arrives signed, and a failed delivery is replayed from the log', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    // The first try fails: the log shows it, and 'Повторить' sends it again.
    receiver.answer('fail');
    const api = await demoApi(request, DEMO_ADMIN.email);
    await signInWithToken(page, request, DEMO_ADMIN.email, '/project-setting/integrations');
    const card = page.getByRole('region', { name: /Вебхуки/ });
    await expect(page.getByTestId('webhooks-skeleton')).toHaveCount(0);
    await card.getByRole('button', { name: 'Добавить вебхук' }).click();
    const modal = page.getByRole('dialog', { name: 'Новый вебхук' });
    await modal.getByLabel('Адрес').fill(receiver.url);
    await modal.getByRole('checkbox', { name: 'Клиент перешёл в другую категорию' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, { path: `${SHOTS}/webhook-form-1440.png` });
    await modal.getByRole('button', { name: 'Добавить' }).click();
    const secret = modal.getByLabel('Секрет подписи');
    await expect(secret).toHaveValue(/^whsec_/);
    receiver.useSecret(await secret.inputValue());
    await modal.getByRole('button', { name: 'Готово' }).click();
    const row = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
    await expect(row).toContainText('Включён');
    await expect(row).toContainText('1 событие');

    // A client of the first stage, moved one column right with the keyboard.
    const stages = ((await (await request.get(`${api.base}/client-categories`, { headers: api.headers })).json()) as {
      response: { id: number; name: string }[];
    }).response;
    const form = ((await (await request.get(`${api.base}/form`, { headers: api.headers })).json()) as {
      response: { fields: { id: number; name: string }[] }[];
    }).response;
    const phone = form.flatMap((g) => g.fields).find((f) => f.name === 'Телефон')!;
    const name = `Вебхук${Date.now().toString(36)}`;
    const created = await request.post(`${api.base}/clients`, {
      headers: api.headers,
      data: {
        name,
        last_name: 'Клиент',
        category_id: stages[0]!.id,
        fields: [{ field_id: phone.id, value: `+7 495 768 ${String(Date.now()).slice(-4)}` }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const clientId = ((await created.json()) as { response: { id: number } }).response.id;
    await page.goto('/clients');
    const full = `${name} Клиент`;
    const handle = column(page, stages[0]!.name)
      .getByRole('article', { name: full, exact: true })
      .getByRole('button', { name: `Переместить клиента ${full}` });
    await handle.focus();
    await page.keyboard.press('Space');
    const next = column(page, stages[1]!.name);
    for (let i = 0; i < 30 && (await next.getAttribute('data-over')) !== 'true'; i += 1) await page.keyboard.press('ArrowRight');
    await expect(next).toHaveAttribute('data-over', 'true');
    await page.keyboard.press('Space');
    await expect(next.getByRole('article', { name: full, exact: true })).toBeVisible();

    await receiver.waitFor(1);
    const [first] = receiver.received;
    expect(first!.verified).toBe(true);
    expect(first!.json).toMatchObject({ type: 'client.stage_changed', data: { id: clientId, category_id: stages[1]!.id } });

    // The log: the failed try, then 'Повторить' with the same id.
    await page.goto('/project-setting/integrations');
    await row.getByRole('button', { name: /Журнал/ }).click();
    const log = page.getByRole('dialog', { name: `Журнал: ${receiver.url}` });
    const delivery = log.getByTestId('delivery-row').first();
    await expect(delivery).toContainText('Клиент перешёл в другую категорию');
    await expect(delivery).toContainText('Не принято, будет повтор');
    await expect(delivery).toContainText('Ответ: 500');
    await saveShot(page, { path: `${SHOTS}/webhook-log-1440.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await delivery.getByRole('button', { name: 'Повторить' }).click();
    await receiver.waitFor(2);
    expect(receiver.received[1]!.id).toBe(first!.id);
    expect(receiver.received[1]!.verified).toBe(true);
    await expect(delivery).toContainText('Доставлено');
    await expect(delivery).toContainText('Ответ: 200');

    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, { path: `${SHOTS}/webhook-log-390.png` });
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(row).toBeVisible();
    await saveShot(page, { path: `${SHOTS}/integrations-390.png`, fullPage: true });

    // Deleted: gone from the list.
    await row.getByRole('button', { name: `Удалить вебхук ${receiver.url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Да, удалить' }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('a webhook form refuses an address that is not a web address, with the reason under the field', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/project-setting/integrations');
  await page.getByRole('region', { name: /Вебхуки/ }).getByRole('button', { name: 'Добавить вебхук' }).click();
  const modal = page.getByRole('dialog', { name: 'Новый вебхук' });
  await expect(modal.getByRole('button', { name: 'Добавить' })).toBeDisabled();
  await modal.getByLabel('Адрес').fill('ftp://example.com/hook');
  await modal.getByRole('checkbox', { name: 'Клиент добавлен' }).check();
  await modal.getByRole('button', { name: 'Добавить' }).click();
  await expect(modal.getByText('Введите адрес вида https://example.com/hook')).toBeVisible();
  await expect(modal.getByLabel('Адрес')).toHaveValue('ftp://example.com/hook');
});
