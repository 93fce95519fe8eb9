import { expect, test } from '@playwright/test';

/** How the sign-in page reaches a phone: compressed files, and only the fonts it paints with. */
test('/login gets brotli-compressed scripts and only the Cyrillic and Latin fonts, preloaded', async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined }[] = [];
  const fonts: string[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (url.endsWith('.js')) scripts.push({ url, encoding: (await response.allHeaders())['content-encoding'] });
    if (url.endsWith('.woff2')) fonts.push(url.split('/').pop() ?? url);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts.filter((s) => s.url.includes('/assets/'))) expect(script.encoding).toBe('br');
  const subsets = fonts.map((f) => f.match(/^inter-([a-z-]+?)-wght-normal-/)?.[1] ?? f).sort();
  expect(subsets).toEqual(['cyrillic', 'latin']);
  const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) =>
    links.map((link) => (link as HTMLLinkElement).href.split('/').pop()),
  );
  expect(preloads).toHaveLength(2);
});
