import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  keyboardDrag,
  saveShot,
  seriousViolations,
  signInWithToken,
  uniqueEmail,
} from './fixtures';
import { linkIn, readMail } from './mail';

const SHOTS = 'test-results/screenshots/form';

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();

/**
 * A verified admin with a project of his own, signed in on the page: the demo project's form is
 * shared with the other specs (a required field added there would refuse their clients).
 */
const ownProject = async (page: Page, request: APIRequestContext) => {
  const email = uniqueEmail('form');
  const password = 'strong-pass-1';
  const reg = await request.post('/api/v1/register', {
    data: { name: 'Фёдор Формов', email, password, password_confirmation: password },
  });
  expect(reg.status()).toBe(201);
  const { token } = ((await reg.json()) as { response: { token: string } }).response;
  const auth = { Authorization: `Bearer ${token}` };
  const link = linkIn(await readMail(email, 'Подтвердите адрес электронной почты'), '/verify-email/');
  expect(
    (
      await request.post(`/api/v1/email/verify/${link.slice('/verify-email/'.length)}`, { headers: auth })
    ).status(),
  ).toBe(200);
  const project = await request.post('/api/v1/projects', { data: { name: 'Формы' }, headers: auth });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { response: { id: number } }).response.id;
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return { projectId, auth };
};

const group = (page: Page, title: string) => page.getByRole('region', { name: `Группа «${title}»` });
const field = (scope: Page | Locator, name: string) =>
  scope.getByRole('listitem', { name: `Поле «${name}»` });
const preview = (page: Page) => page.getByTestId('form-preview');
/** The names of a group's fields, top to bottom. */
const fieldNames = (scope: Locator) =>
  scope
    .getByTestId('builder-field')
    .evaluateAll((items) => items.map((i) => (i.querySelector('input') as HTMLInputElement).value));

test('an admin builds a new form with every field type, creates it, edits, reorders by keyboard and adds a hint', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { projectId, auth } = await ownProject(page, request);
  await page.goto('/client_form');
  await expect(page.getByRole('heading', { level: 1, name: 'Форма клиента' })).toBeVisible();

  // Create mode: no form yet, one empty group to start from.
  const create = page.getByRole('button', { name: 'Создать форму' });
  await expect(create).toBeVisible();
  await expect(page.getByText('Формы ещё нет')).toBeVisible();
  await expect(preview(page)).toContainText('Добавьте поля — они появятся здесь.');
  const first = page.getByTestId('builder-group').first();
  await first.getByLabel('Заголовок группы 1').fill('Контакты');
  const contacts = group(page, 'Контакты');

  // Every type, appended with the builder's default names.
  for (const type of ['Однострочное поле', 'Телефон', 'Соцсети', 'Многострочное поле', 'Поле с выбором']) {
    await contacts.getByRole('button', { name: type, exact: true }).click();
  }
  expect(await fieldNames(contacts)).toEqual([
    'Фамилия',
    'Телефон для связи',
    'Соцсети',
    'Комментарий',
    'Поле с выбором',
  ]);

  await field(contacts, 'Фамилия').getByRole('radio', { name: '50%' }).check();
  await field(contacts, 'Телефон для связи').getByRole('radio', { name: '50%' }).check();
  await field(contacts, 'Телефон для связи').getByRole('checkbox', { name: 'Обязательное' }).check();
  await field(contacts, 'Соцсети').getByLabel('Подсказка в поле').fill('https://www.instagram.com/имя');
  await field(contacts, 'Комментарий').getByLabel('Название').fill('Заметки менеджера');

  // A select: options added on Enter and with the button; empty and repeated ones are refused.
  const select = field(contacts, 'Поле с выбором');
  await select.getByLabel('Название').fill('Источник');
  const source = field(contacts, 'Источник');
  await source.getByRole('radio', { name: '25%' }).check();
  await source.getByRole('checkbox', { name: 'Поиск по полю' }).check();
  const newOption = source.getByLabel('Новый вариант поля «Источник»');
  await newOption.fill('Сайт');
  await newOption.press('Enter');
  await newOption.fill('Реклама');
  await source.getByRole('button', { name: 'Добавить', exact: true }).click();
  await newOption.fill('   ');
  await newOption.press('Enter');
  await expect(source.getByRole('alert')).toHaveText('Вариант не может быть пустым');
  await newOption.fill('сайт');
  await source.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(source.getByRole('alert')).toHaveText('Варианты не должны повторяться');
  await expect(source.getByTestId('form-option')).toHaveCount(2);
  // A hint needs a saved option.
  const unsavedHint = source
    .getByTestId('form-option')
    .first()
    .getByRole('button', { name: 'Добавить подсказку' });
  await expect(unsavedHint).toHaveAttribute('aria-disabled', 'true');
  await expect(unsavedHint).toHaveAccessibleDescription('Подсказку можно добавить после сохранения формы');

  // The live preview follows: labels, the required mark, the select's options.
  const live = preview(page);
  await expect(live.getByRole('group', { name: 'Контакты' })).toBeVisible();
  for (const label of ['Фамилия', 'Соцсети', 'Заметки менеджера', 'Источник'])
    await expect(live.getByLabel(label)).toBeVisible();
  await expect(live.getByLabel('Телефон для связи')).toHaveAttribute('aria-required', 'true');
  await expect(live.getByLabel('Источник').locator('option')).toHaveText([
    'Выберите вариант',
    'Сайт',
    'Реклама',
  ]);
  await expect(
    live.getByText('Начинается с https://www.instagram.com/ или https://www.facebook.com/'),
  ).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/builder-create-1440.png`, fullPage: true });

  // A refused save keeps everything typed and says where: a blank name.
  await field(contacts, 'Заметки менеджера').getByLabel('Название').fill(' ');
  await create.click();
  const blank = page.getByTestId('builder-field').nth(3);
  await expect(blank.getByRole('alert')).toHaveText('Обязательное поле');
  await expect(blank.getByLabel('Название')).toBeFocused();
  await blank.getByLabel('Название').fill('Заметки менеджера');
  await expect(blank.getByRole('alert')).toHaveCount(0);

  await create.click();
  await expect(toast(page, 'Форма создана!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await expect(page.getByText('Все изменения сохранены.')).toBeVisible();

  // Saved as built: the API answers it and a reload shows it.
  const saved = await request.get(`/api/v1/projects/${projectId}/form`, { headers: auth });
  const [savedGroup] = (
    (await saved.json()) as { response: Array<{ title: string; fields: Array<Record<string, unknown>> }> }
  ).response;
  expect(savedGroup?.title).toBe('Контакты');
  expect(
    savedGroup?.fields.map((f) => [f.type, f.name, f.size_percentage, f.required, f.is_searchable, f.order]),
  ).toEqual([
    ['text', 'Фамилия', 50, false, false, 0],
    ['phone_number', 'Телефон для связи', 50, true, false, 1],
    ['social_network', 'Соцсети', 100, false, false, 2],
    ['textarea', 'Заметки менеджера', 100, false, false, 3],
    ['select', 'Источник', 25, false, true, 4],
  ]);
  await page.reload();
  await expect(field(contacts, 'Источник').getByTestId('form-option')).toHaveCount(2);
  expect(await fieldNames(contacts)).toEqual([
    'Фамилия',
    'Телефон для связи',
    'Соцсети',
    'Заметки менеджера',
    'Источник',
  ]);
  await expect(
    field(contacts, 'Телефон для связи').getByRole('checkbox', { name: 'Обязательное' }),
  ).toBeChecked();
  await expect(field(contacts, 'Источник').getByRole('radio', { name: '25%' })).toBeChecked();
  await expect(field(contacts, 'Источник').getByRole('checkbox', { name: 'Поиск по полю' })).toBeChecked();
  await expect(field(contacts, 'Соцсети').getByLabel('Подсказка в поле')).toHaveValue(
    'https://www.instagram.com/имя',
  );

  // Edit mode: the first field dragged below the second with the keyboard (25 px a press).
  const save = page.getByRole('button', { name: 'Сохранить' });
  const handle = field(contacts, 'Фамилия').getByRole('button', { name: 'Перенести поле «Фамилия»' });
  await keyboardDrag(page, handle, ['ArrowDown'], 'Телефон для связи');
  await expect
    .poll(() => fieldNames(contacts))
    .toEqual(['Телефон для связи', 'Фамилия', 'Соцсети', 'Заметки менеджера', 'Источник']);
  await expect(live.getByTestId('client-form-field').first()).toContainText('Телефон для связи');
  await expect(page.getByText('Есть несохранённые изменения.')).toBeVisible();
  await save.click();
  await expect(toast(page, 'Форма сохранена!')).toBeVisible();
  await page.reload();
  await expect(contacts.getByTestId('builder-field')).toHaveCount(5);
  expect(await fieldNames(contacts)).toEqual([
    'Телефон для связи',
    'Фамилия',
    'Соцсети',
    'Заметки менеджера',
    'Источник',
  ]);

  // A saved option takes a hint, kept apart from the form's save.
  await field(contacts, 'Источник')
    .getByRole('button', { name: 'Добавить подсказку к варианту «Сайт»' })
    .click();
  const editor = page.getByRole('dialog', { name: 'Новая подсказка к варианту «Сайт»' });
  await editor.getByRole('textbox').click();
  await page.keyboard.type('Клиент пришёл с сайта');
  await editor.getByRole('button', { name: 'Сохранить' }).click();
  await expect(editor).toBeHidden();
  await page.reload();
  await field(contacts, 'Источник').getByRole('button', { name: 'Подсказка к варианту «Сайт»' }).click();
  const read = page.getByRole('dialog', { name: 'Подсказка к варианту «Сайт»' });
  await expect(read).toContainText('Клиент пришёл с сайта');
  // Edited from the read modal, then deleted after a confirmation.
  await read.getByRole('button', { name: 'Редактировать' }).click();
  const rewrite = page.getByRole('dialog', { name: 'Подсказка к варианту «Сайт»' });
  await rewrite.getByRole('textbox').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' или из поиска');
  await rewrite.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await field(contacts, 'Источник').getByRole('button', { name: 'Подсказка к варианту «Сайт»' }).click();
  await expect(page.getByRole('dialog', { name: 'Подсказка к варианту «Сайт»' })).toContainText(
    'Клиент пришёл с сайта или из поиска',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await field(contacts, 'Источник')
    .getByRole('button', { name: 'Удалить подсказку к варианту «Сайт»' })
    .click();
  await page
    .getByRole('dialog', { name: 'Удалить подсказку к варианту «Сайт»?' })
    .getByRole('button', { name: 'Да, удалить' })
    .click();
  await expect(
    field(contacts, 'Источник').getByRole('button', { name: 'Добавить подсказку к варианту «Сайт»' }),
  ).toBeVisible();
  const clues = (await (
    await request.get(`/api/v1/projects/${projectId}/form`, { headers: auth })
  ).json()) as {
    response: Array<{ fields: Array<{ options: Array<{ clue: unknown }> }> }>;
  };
  expect(clues.response[0]?.fields[4]?.options.map((o) => o.clue)).toEqual([null, null]);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();

  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, { path: `${SHOTS}/builder-edit-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('form-preview')).toBeVisible();
  // Builder and preview stacked: the preview under the groups, both the screen's width.
  const builderBox = await contacts.boundingBox();
  const previewBox = await preview(page).boundingBox();
  expect(previewBox!.y).toBeGreaterThan(builderBox!.y + builderBox!.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, { path: `${SHOTS}/builder-390.png` });
  await field(contacts, 'Источник').scrollIntoViewIfNeeded();
  await saveShot(page, { path: `${SHOTS}/builder-390-options.png` });
  await preview(page).scrollIntoViewIfNeeded();
  await saveShot(page, { path: `${SHOTS}/builder-390-preview.png` });
});

test("a save the server refuses keeps what was typed and shows the server's error under its field", async ({
  page,
  request,
}) => {
  const { projectId, auth } = await ownProject(page, request);
  const url = `/api/v1/projects/${projectId}/form`;
  const created = await request.put(url, {
    headers: auth,
    data: { groups: [{ title: 'Контакты', fields: [{ type: 'text', name: 'Город' }] }] },
  });
  expect(created.status()).toBe(200);
  const groupId = ((await created.json()) as { response: Array<{ id: number }> }).response[0]!.id;
  await page.goto('/client_form');
  await expect(field(group(page, 'Контакты'), 'Город')).toBeVisible();

  // Meanwhile someone else deletes the field.
  expect(
    (
      await request.put(url, {
        headers: auth,
        data: { groups: [{ id: groupId, title: 'Контакты', fields: [] }] },
      })
    ).status(),
  ).toBe(200);
  const city = field(group(page, 'Контакты'), 'Город');
  await city.getByLabel('Название').fill('Город проживания');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const stale = field(group(page, 'Контакты'), 'Город проживания');
  await expect(stale.getByRole('alert')).toHaveText('Поле формы не найдено');
  await expect(stale.getByLabel('Название')).toHaveValue('Город проживания');
  await expect(page.locator('.Toastify__toast')).toBeVisible();
  await expect(page.getByText('Есть несохранённые изменения.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Removing the stale field and adding it anew saves.
  await stale.getByRole('button', { name: 'Удалить поле «Город проживания»' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить поле «Город проживания»?' })
    .getByRole('button', { name: 'Да, удалить' })
    .click();
  await group(page, 'Контакты').getByRole('button', { name: 'Однострочное поле', exact: true }).click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Форма сохранена!')).toBeVisible();
  expect(await fieldNames(group(page, 'Контакты'))).toEqual(['Фамилия']);
});

test('groups reorder by keyboard and the order is saved with the form', async ({ page, request }) => {
  const { projectId, auth } = await ownProject(page, request);
  const url = `/api/v1/projects/${projectId}/form`;
  const groups = ['Первая', 'Вторая'].map((title) => ({
    title,
    fields: [{ type: 'text', name: `Поле группы ${title}` }],
  }));
  expect((await request.put(url, { headers: auth, data: { groups } })).status()).toBe(200);
  await page.goto('/client_form');
  const titles = () =>
    page
      .getByTestId('builder-group')
      .evaluateAll((items) => items.map((i) => (i.querySelector('input') as HTMLInputElement).value));
  await expect.poll(titles).toEqual(['Первая', 'Вторая']);

  const groupHandle = page.getByRole('button', { name: 'Перенести группу «Вторая»' });
  await keyboardDrag(page, groupHandle, ['ArrowUp'], 'Первая');
  await expect.poll(titles).toEqual(['Вторая', 'Первая']);
  await expect(preview(page).getByRole('group').first()).toHaveAccessibleName('Вторая');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Форма сохранена!')).toBeVisible();

  const saved = (await (await request.get(url, { headers: auth })).json()) as {
    response: Array<{ title: string; order: number }>;
  };
  expect(saved.response.map((g) => [g.title, g.order])).toEqual([
    ['Вторая', 0],
    ['Первая', 1],
  ]);
  await page.reload();
  await expect.poll(titles).toEqual(['Вторая', 'Первая']);
});

test("a form that cannot be read says so, with the fallback 'Failed to get form groups.' and a retry", async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  let refuse = true;
  await page.route('**/api/v1/projects/*/form', (route) =>
    refuse ? route.fulfill({ status: 404, json: { success: false, message: '' } }) : route.fallback(),
  );
  await page.goto('/client_form');
  await expect(toast(page, 'Failed to get form groups.')).toBeVisible();
  await expect(page.getByText('Не удалось загрузить форму клиента.')).toBeVisible();
  refuse = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(group(page, 'Контакты')).toBeVisible();
});

test('leaving with unsaved edits asks first: a menu link and the browser’s Back', async ({
  page,
  request,
}) => {
  await ownProject(page, request);
  await page.goto('/');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Форма клиента' }).click();
  await expect(page).toHaveURL('/client_form');
  await page
    .getByTestId('builder-group')
    .first()
    .getByRole('button', { name: 'Телефон', exact: true })
    .click();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Главная' }).click();
  const ask = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Остаться' }).click();
  await expect(page).toHaveURL('/client_form');
  await expect(page.getByTestId('builder-field')).toHaveCount(1);
  // The browser's Back asks too, and 'Остаться' keeps the page and the edit.
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Остаться' }).click();
  await expect(page).toHaveURL('/client_form');
  await expect(page.getByTestId('builder-field')).toHaveCount(1);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Главная' }).click();
  await page
    .getByRole('dialog', { name: 'Уйти без сохранения?' })
    .getByRole('button', { name: 'Уйти' })
    .click();
  await expect(page).toHaveURL('/');
});

test("the demo project's form opens in edit mode with its preview; a manager gets 'Нет доступа'", async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/client_form');
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await expect(group(page, 'Контакты')).toBeVisible();
  await expect(group(page, 'О клиенте')).toBeVisible();
  await expect(preview(page).getByLabel('Источник').locator('option')).toHaveText([
    'Откуда пришёл клиент',
    'Сайт',
    'Реклама',
    'Рекомендация',
    'Выставка',
  ]);
  // The preview's phone starts in Belgium, and takes at most 15 digits.
  const phone = preview(page).getByLabel('Телефон');
  await expect(phone).toHaveValue('+32 ');
  await phone.pressSequentially('1234567890123456789');
  expect((await phone.inputValue()).replace(/\D/g, '').length).toBeLessThanOrEqual(15);
  // The picker: European countries only, named in Russian.
  await preview(page).getByRole('combobox', { name: 'Код страны: Бельгия +32' }).click();
  await expect(page.getByRole('option', { name: 'Беларусь +375' })).toBeAttached();
  await expect(page.getByRole('option', { name: 'Украина +380' })).toBeAttached();
  await expect(page.getByRole('option', { name: /Соединенные Штаты|США/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'Украина +380' }).click();
  await expect(preview(page).getByRole('combobox', { name: 'Код страны: Украина +380' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/demo-form-1440.png` });

  await page.evaluate(() => localStorage.clear());
  await signInWithToken(page, request, DEMO_MANAGER.email, '/client_form');
  await expect(page.getByText('Нет доступа')).toBeVisible();
  await expect(page.getByTestId('builder-group')).toHaveCount(0);
});
