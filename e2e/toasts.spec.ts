import { expect, test } from './test';
import { DEMO_OWNER } from './fixtures';

test("a failed sign-in shows the server's message in a toast at the bottom right, which closes by itself", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Электронная почта').fill(DEMO_OWNER.email);
  await page.getByLabel(/^Пароль/).fill('wrong-password');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login'));
  await page.getByRole('button', { name: 'Войти' }).click();
  const res = await answer;
  expect(res.status()).toBe(422);
  const body = (await res.json()) as { message: string; errors: Record<string, string[]> };

  const toast = page.locator('.Toastify__toast').filter({ hasText: body.message });
  await expect(toast).toBeVisible();
  await expect(page.locator('.Toastify__toast-container--bottom-right')).toBeVisible();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width > viewport.width - 40).toBe(true);
  expect(box && viewport && box.y + box.height > viewport.height - 60).toBe(true);
  await expect(page.locator('.Toastify__progress-bar')).toBeAttached();

  // The field shows the first field message too.
  await expect(page.locator('form').getByText(body.errors.email?.[0] ?? '')).toBeVisible();

  // autoClose 3000 ms: gone a little later (the mouse is away, so nothing pauses it).
  await expect(toast).toBeHidden({ timeout: 6_000 });
});
