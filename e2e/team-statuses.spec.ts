import { expect, test, type Page } from './test';
import { DEMO_ADMIN, SCREENSHOTS, signInWithToken, seriousViolations, saveShot } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();
const row = (page: Page, name: string) =>
  page.getByTestId('status-row').filter({ has: page.getByRole('link', { name, exact: true }) });

test('statuses: add one with the modal, make it default, set its deposit goal, reset it, rename and delete it', async ({
  page,
  request,
}) => {
  const name = `Эксперт ${Date.now().toString(36)}`;
  const renamed = `${name} плюс`;
  await signInWithToken(page, request, DEMO_ADMIN.email, '/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Статусы' })).toBeVisible();
  // The seeded levels: 'Новичок' is the default, 'Профи' has a deposit goal.
  await expect(row(page, 'Новичок').getByTestId('default-badge')).toHaveText('По умолчанию');
  await expect(row(page, 'Профи')).toContainText('500\u2009000');

  // The add status modal (docs/product.md §4.5).
  await page.getByRole('button', { name: 'Добавить статус' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новый статус' });
  const add = dialog.getByRole('button', { name: 'Добавить' });
  await expect(dialog.getByLabel('Название статуса')).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: 'По умолчанию' })).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Отменить' })).toBeVisible();
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Название статуса').fill('   ');
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Название статуса').fill(name);
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(page, 'Статус создан!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name).getByTestId('default-badge')).toHaveCount(0);

  // Default: the badge moves.
  await row(page, name)
    .getByRole('button', { name: `Сделать по умолчанию «${name}»` })
    .click();
  await expect(toast(page, 'Статус обновлен!')).toBeVisible();
  await expect(row(page, name).getByTestId('default-badge')).toBeVisible();
  await expect(row(page, 'Новичок').getByTestId('default-badge')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SCREENSHOTS}/statuses.png`, fullPage: true });

  // Its page: a goal per category of the demo pipeline, and the deposit goal.
  await row(page, name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/status\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Статусы' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  const firstStage = page.getByLabel('Цель: Новые заявки');
  await expect(page.getByLabel('Цель: Сделка')).toBeVisible();
  await firstStage.fill('15');
  await page.getByRole('button', { name: 'Сохранить цели' }).click();
  await expect(toast(page, 'Цель сохранен!')).toBeVisible();
  await page.reload();
  await expect(firstStage).toHaveValue('15');

  const deposit = page.getByLabel('Цель по депозиту');
  await expect(deposit).toHaveValue('0');
  const save = page.getByRole('button', { name: 'Сохранить', exact: true });
  await expect(save).toBeDisabled();
  // Digits only: letters and spaces are dropped as they are typed.
  await deposit.fill('');
  await deposit.pressSequentially('12a 50o0');
  await expect(deposit).toHaveValue('12500');
  // The hint says what the goal means (not an echo that reads like a sum reached).
  await expect(
    page.getByText('Менеджер с этим статусом должен набрать клиентов на сумму 12\u2009500'),
  ).toBeVisible();
  await save.click();
  await expect(toast(page, 'Цель сохранен!')).toBeVisible();
  await expect(save).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SCREENSHOTS}/status-page.png`, fullPage: true });

  // The list shows the goal with thin-space thousands.
  await page.getByRole('link', { name: 'Все статусы' }).click();
  await expect(row(page, name)).toContainText('12\u2009500');
  await row(page, name).getByRole('link', { name }).click();
  await expect(deposit).toHaveValue('12500');

  // Reset, after a confirmation.
  await page.getByRole('button', { name: 'Сбросить цели' }).click();
  const ask = page.getByRole('dialog', { name: `Сбросить цели статуса «${name}»?` });
  await ask.getByRole('button', { name: 'Да, сбросить' }).click();
  await expect(toast(page, 'Успешно обновлен!')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(deposit).toHaveValue('0');
  await expect(firstStage).toHaveValue('');

  // Back on the list: rename it, then delete it; 'Новичок' becomes the default again.
  await page.getByRole('link', { name: 'Все статусы' }).click();
  await expect(row(page, name)).toContainText('—');
  await row(page, name)
    .getByRole('button', { name: `Переименовать статус «${name}»` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Редактировать статус' });
  await expect(edit.getByRole('checkbox', { name: 'По умолчанию' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'По умолчанию' })).toBeDisabled();
  await edit.getByLabel('Название статуса').fill(renamed);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Статус обновлен!')).toBeVisible();
  await expect(row(page, renamed)).toBeVisible();

  await row(page, renamed)
    .getByRole('button', { name: `Удалить статус «${renamed}»` })
    .click();
  const del = page.getByRole('dialog', { name: `Удалить статус «${renamed}»?` });
  await del.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(del).toBeHidden();
  await expect(row(page, renamed)).toHaveCount(0);
  await expect(row(page, 'Новичок').getByTestId('default-badge')).toBeVisible();
});

test('a status name that is taken shows the server message under the field', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/status');
  await page.getByRole('button', { name: 'Добавить статус' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новый статус' });
  await dialog.getByLabel('Название статуса').fill('профи');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  // The stacking order: the toast is drawn over the modal.
  const message = toast(page, (await dialog.getByRole('alert').textContent()) ?? '');
  await expect(message).toBeVisible();
  // (Polled: the toast slides in from the edge.)
  await expect
    .poll(() =>
      message.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && el.contains(hit);
      }),
    )
    .toBe(true);
  await dialog.getByRole('button', { name: 'Отменить' }).click();
  await expect(dialog).toBeHidden();
});

test('an unknown status id shows that it is not found', async ({ page, request }) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/status/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Статусы' })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toContainText('Статус не найден');
  await expect(page.getByRole('link', { name: 'Все статусы' })).toBeVisible();
});
