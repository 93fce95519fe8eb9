import { expect, test, type APIRequestContext, type Page } from './test';
import {
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  SCREENSHOTS,
  saveShot,
  seriousViolations,
  signInWithToken,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/merge`;

type FormGroup = { fields: { id: number; name: string; type: string }[] };

/** A word no other test or demo client has: Cyrillic letters only. */
const CYRILLIC = 'бвгджзклмнпрстфхцчшщ';
const uniqueWord = () =>
  [...`${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`]
    .map((c) => CYRILLIC[parseInt(c, 36) % CYRILLIC.length])
    .join('');

/** A client of `email` with this phone as written, in the first stage, made through the API. */
const clientWithPhone = async (
  request: APIRequestContext,
  email: string,
  client: { name: string; last_name: string },
  phone: string,
) => {
  const api = await demoApi(request, email);
  const form = (await (await request.get(`${api.base}/form`, { headers: api.headers })).json()) as {
    response: FormGroup[];
  };
  const field = form.response.flatMap((g) => g.fields).find((f) => f.name === 'Телефон')!;
  const categories = (await (
    await request.get(`${api.base}/client-categories`, { headers: api.headers })
  ).json()) as { response: { id: number }[] };
  const res = await request.post(`${api.base}/clients`, {
    headers: api.headers,
    data: {
      ...client,
      category_id: categories.response[0]!.id,
      fields: [{ field_id: field.id, value: phone }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { response: { id: number } }).response;
  return { id, ...client, api };
};

/**
 * Two clients of one person: the manager's, and the admin's added later with the same number
 * written otherwise, a note and a reminder.
 */
const duplicatePair = async (request: APIRequestContext, series: string) => {
  const word = uniqueWord();
  const digits = `${series}${String(Date.now()).slice(-4)}`;
  const kept = await clientWithPhone(
    request,
    DEMO_MANAGER.email,
    { name: 'Иван', last_name: `Сл${word}ов` },
    `+7 999 ${digits}`,
  );
  const other = await clientWithPhone(
    request,
    DEMO_ADMIN.email,
    { name: 'Ваня', last_name: `Сл${word}ов` },
    // With Russia's trunk prefix: the demo project's phone country.
    `8 (999) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
  );
  const { api } = other;
  const note = await request.post(`${api.base}/clients/${other.id}/notes`, {
    headers: api.headers,
    data: { note: `Просил перезвонить вечером ${word}` },
  });
  expect(note.status()).toBe(201);
  const due = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const reminder = await request.post(`${api.base}/clients/${other.id}/reminders`, {
    headers: api.headers,
    data: { title: `Перезвонить ${word}`, completion_date: due, tasks: [] },
  });
  expect(reminder.status(), await reminder.text()).toBe(201);
  return {
    word,
    kept,
    other,
    phone: `+7 999 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
  };
};

const full = (c: { name: string; last_name: string }) => `${c.name} ${c.last_name}`;

const openDuplicates = async (page: Page, shot: string) => {
  const link = page.getByRole('link', { name: 'Дубли' });
  await expect(link).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/${shot}` });
  await link.click();
  await expect(page).toHaveURL(/\/clients\/duplicates$/);
  await expect(page.getByRole('heading', { name: 'Дубли клиентов' })).toBeVisible();
};

test("'Дубли' lists clients sharing a number written differently; merged from the client's panel, one stays with the other's note and reminder, and the history says so", async ({
  page,
  request,
}) => {
  const { word, kept, other, phone } = await duplicatePair(request, '778');
  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients');
  await openDuplicates(page, 'board-1440.png');

  const group = page.getByTestId('duplicate-group').filter({ hasText: word });
  await expect(group).toContainText('Дубль');
  await expect(group).toContainText(`Телефон: ${phone}`);
  await expect(group.getByRole('button', { name: full(kept) })).toBeVisible();
  await expect(group.getByRole('button', { name: full(other) })).toBeVisible();
  await expect(group).toContainText(DEMO_MANAGER.name);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/duplicates-1440.png` });

  // The kept client's panel: 'Объединить' offers his duplicate, the kept one stays by default.
  await group.getByRole('button', { name: full(kept) }).click();
  const panel = page.getByRole('dialog', { name: 'Информация о клиенте' });
  await expect(panel.getByText(kept.last_name).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Объединить' }).click();
  const dialog = page.getByRole('dialog', { name: `Объединить клиента «${full(kept)}»` });
  await expect(dialog.getByRole('radio', { name: new RegExp(full(other)) }).first()).toBeChecked();
  await expect(dialog.getByText('совпадает телефон')).toBeVisible();
  const outcome = dialog.getByTestId('merge-outcome');
  await expect(outcome).toContainText(`Останется «${full(kept)}»`);
  await expect(outcome).toContainText(`Клиент «${full(other)}» будет удалён.`);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/client-merge-1440.png` });
  await dialog.getByRole('button', { name: 'Объединить', exact: true }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Клиенты объединены!' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The panel still shows the kept client, now with the other's reminder and note.
  await expect(panel.getByTestId('client-reminders')).toContainText(`Перезвонить ${word}`);
  await panel.getByRole('button', { name: 'Заметки' }).click();
  const notes = page.getByRole('dialog', { name: `Заметки: ${full(kept)}` });
  await expect(notes.getByTestId('client-note').first()).toContainText(`Просил перезвонить вечером ${word}`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // The group is gone; one of the two is left.
  await expect(page.getByTestId('duplicate-group').filter({ hasText: word })).toHaveCount(0);
  const gone = await request.get(`${other.api.base}/clients/${other.id}`, { headers: other.api.headers });
  expect(gone.status()).toBe(404);

  // Both histories: the kept client's entry, and the removed one's.
  await page.goto('/history');
  await expect(
    page.getByText(`Клиент «${full(kept)}» объединён с «${full(other)}» (#${other.id})`, { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByText(
      `Клиент «${full(other)}» (#${other.id}) объединён с «${full(kept)}» (#${kept.id}) и удалён`,
    ),
  ).toBeVisible();
});

test("on a phone: a group's 'Объединить' keeps the chosen client, and the group leaves the list", async ({
  page,
  request,
}) => {
  const { word, kept, other } = await duplicatePair(request, '779');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients');
  await openDuplicates(page, 'board-390.png');
  const group = page.getByTestId('duplicate-group').filter({ hasText: word });
  await group.scrollIntoViewIfNeeded();
  const box = await group.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/duplicates-390.png` });

  await group.getByRole('button', { name: 'Объединить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Объединить клиентов' });
  // The other one stays this time: the outcome follows the choice.
  await dialog.getByRole('radio', { name: new RegExp(full(other)) }).check();
  await expect(dialog.getByTestId('merge-outcome')).toContainText(`Останется «${full(other)}»`);
  await expect(dialog.getByTestId('merge-outcome')).toContainText(`Клиент «${full(kept)}» будет удалён.`);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/group-merge-390.png` });
  await dialog.getByRole('button', { name: 'Объединить', exact: true }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Клиенты объединены!' })).toBeVisible();
  await expect(group).toHaveCount(0);
  const { api } = other;
  expect((await request.get(`${api.base}/clients/${kept.id}`, { headers: api.headers })).status()).toBe(404);
  const stayed = await request.get(`${api.base}/clients/${other.id}`, { headers: api.headers });
  expect(stayed.status()).toBe(200);
  const reminders = await request.get(`${api.base}/client-reminders?client_id=${other.id}`, {
    headers: api.headers,
  });
  expect(((await reminders.json()) as { response: { data: unknown[] } }).response.data).toHaveLength(1);
});
