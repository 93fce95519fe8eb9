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

const SHOTS = `${SCREENSHOTS}/duplicates`;

type FormGroup = { fields: { id: number; name: string; type: string }[] };

/** A client of `email` with a Russian mobile number ending in `digits`, made through the API. */
const clientWithPhone = async (request: APIRequestContext, email: string, name: string, digits: string) => {
  const api = await demoApi(request, email);
  const form = (await (await request.get(`${api.base}/form`, { headers: api.headers })).json()) as {
    response: FormGroup[];
  };
  const phone = form.response.flatMap((g) => g.fields).find((f) => f.name === 'Телефон')!;
  const categories = (await (
    await request.get(`${api.base}/client-categories`, { headers: api.headers })
  ).json()) as {
    response: { id: number }[];
  };
  const res = await request.post(`${api.base}/clients`, {
    headers: api.headers,
    data: {
      name,
      last_name: 'Дублев',
      category_id: categories.response[0]!.id,
      // Written as a Russian writes it at home, with the trunk prefix (the demo's phone country).
      fields: [
        {
          field_id: phone.id,
          value: `8 (999) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { response: { id: number } }).response;
};

/** The create modal with a name and the phone typed as digits after the country's code. */
const fillNewClient = async (page: Page, name: string, digits: string) => {
  await page.getByRole('button', { name: 'Добавить клиента', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый клиент' });
  await dialog.getByLabel('Имя').fill(name);
  await dialog.getByLabel('Фамилия').fill('Другой');
  await dialog.getByLabel('Телефон').click();
  await dialog.getByLabel('Телефон').pressSequentially(`999${digits}`);
  return dialog;
};

test('a number written differently is a duplicate: the modal names the client, opens it, and saves only when asked again', async ({
  page,
  request,
}) => {
  // The '999 765 …' series (the board's tests take '999 123 …'): a number no other test gives.
  const digits = `765${String(Date.now()).slice(-4)}`;
  const existing = `Дубль${Date.now().toString(36)}`;
  await clientWithPhone(request, DEMO_MANAGER.email, existing, digits);

  await signInWithToken(page, request, DEMO_ADMIN.email, '/clients');
  const dialog = await fillNewClient(page, `Новый${Date.now().toString(36)}`, digits);
  await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
  const warning = dialog.getByTestId('duplicates-warning');
  await expect(warning).toContainText('Такой клиент уже есть в проекте:');
  await expect(warning).toContainText(
    `${existing} Дублев у менеджера ${DEMO_MANAGER.name}: совпадает телефон`,
  );
  // Nothing was saved: the modal stays with what was typed, and asks for the choice.
  await expect(dialog.getByLabel('Фамилия')).toHaveValue('Другой');
  await expect(dialog.getByRole('button', { name: 'Всё равно создать' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/warning-1440.png` });

  // The existing client opens in its panel over the modal; Escape closes only the panel.
  await warning.getByRole('button', { name: `${existing} Дублев` }).click();
  const panel = page.getByRole('dialog', { name: 'Подробнее о клиенте' });
  await expect(panel.getByText(existing)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Всё равно создать' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Клиент добавлен!' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("a manager is told only whose another manager's client is; on a phone the warning fits", async ({
  page,
  request,
}) => {
  const digits = `766${String(Date.now()).slice(-4)}`;
  await clientWithPhone(request, DEMO_ADMIN.email, `Чужой${Date.now().toString(36)}`, digits);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_MANAGER.email, '/clients');
  const dialog = await fillNewClient(page, `Мой${Date.now().toString(36)}`, digits);
  await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
  const warning = dialog.getByTestId('duplicates-warning');
  await expect(warning).toContainText(`Клиент у менеджера ${DEMO_ADMIN.name}: совпадает телефон`);
  await expect(warning.getByRole('button')).toHaveCount(0);
  const box = await warning.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/warning-manager-390.png` });
});
