import { expect, test } from './test';
import { sidebar, uniqueEmail } from './fixtures';
import { linkIn, readMail } from './mail';

test('the project selector switches projects, reloads the role and remembers the choice', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('switch');
  const password = 'strong-pass-1';
  const reg = await request.post('/api/v1/register', {
    data: { name: 'Павел Два', email, password, password_confirmation: password },
  });
  expect(reg.status()).toBe(201);
  const { token } = ((await reg.json()) as { response: { token: string } }).response;
  const auth = { Authorization: `Bearer ${token}` };
  // A new account is unverified and would be held on /verify-email: open the emailed link.
  const link = linkIn(await readMail(email, 'Подтвердите адрес электронной почты'), '/verify-email/');
  const hash = link.slice('/verify-email/'.length);
  expect((await request.post(`/api/v1/email/verify/${hash}`, { headers: auth })).status()).toBe(200);
  const ids: number[] = [];
  for (const name of ['Альфа', 'Бета']) {
    const res = await request.post('/api/v1/projects', { data: { name }, headers: auth });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { response: { id: number } }).response.id);
  }

  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/');
  // First project chosen automatically, and remembered.
  await expect(sidebar(page).getByRole('button', { name: /Альфа/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('project_id'))).toBe(String(ids[0]));

  await sidebar(page).getByRole('button', { name: /Альфа/ }).click();
  const reload = page.waitForResponse((r) => r.url().endsWith(`/api/v1/projects/${ids[1]}/user`));
  await page.getByRole('button', { name: /Бета/ }).click();
  expect((await reload).status()).toBe(200);
  await expect(sidebar(page).getByRole('button', { name: /Бета/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('project_id'))).toBe(String(ids[1]));

  await page.reload();
  await expect(sidebar(page).getByRole('button', { name: /Бета/ })).toBeVisible();

  // 'Новый проект' leads to the create-project screen, with a way back.
  await sidebar(page).getByRole('button', { name: /Бета/ }).click();
  await page.getByRole('link', { name: 'Новый проект' }).click();
  await expect(page).toHaveURL('/create-project');
  await page.getByRole('link', { name: 'Вернуться к проекту' }).click();
  await expect(page).toHaveURL('/');
});
