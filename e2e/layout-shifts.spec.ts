import { expect, test, type Page, type Request } from './test';
import { DEMO_ADMIN, drawn, layoutShifts, recordLayoutShifts, signInWithToken, underWay } from './fixtures';

/**
 * A page draws its parts as their answers come; on a phone, where everything stands in one
 * column, a part that comes late must not push down what is already drawn (a layout shift a
 * reader sees and Lighthouse counts). Each of a page's answers is held in turn until the rest is
 * drawn, and the browser's own layout-shift entries are summed.
 *
 * Not held: the session's (the layout waits for the user and his projects; the role may come after
 * the page by docs/product.md §2.1, and an admin's extra buttons then appear) and the live stream.
 */
const SESSION = /\/api\/v1\/(user|user\/projects|projects\/\d+\/user|events)$/;

const PAGES = ['/clients', '/auto-reminders', '/managers', '/gpt-chat', '/knowledge'];

/** The page's GETs under /api, by path, as a first visit asks for them. */
const answersOf = async (page: Page, pending: Set<Request>, path: string) => {
  const asked = new Set<string>();
  const onRequest = (r: { url: () => string; method: () => string }) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/api/') && !SESSION.test(url.pathname))
      asked.add(url.pathname);
  };
  page.on('request', onRequest);
  await page.goto(path);
  await drawn(page, pending);
  page.off('request', onRequest);
  return [...asked];
};

test.use({ viewport: { width: 390, height: 844 } });

for (const path of PAGES) {
  test(`${path} on a phone: nothing drawn moves, whichever answer comes last`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInWithToken(page, request, DEMO_ADMIN.email);
    await recordLayoutShifts(page);
    const pending = underWay(page);
    const answers = await answersOf(page, pending, path);
    expect(answers.length, `${path} asks for its data`).toBeGreaterThan(0);
    for (const answer of answers) {
      let release = () => {};
      const holding = new Promise<void>((resolve) => (release = resolve));
      const held = (url: URL) => url.pathname === answer;
      await page.route(held, async (route) => {
        await holding;
        await route.continue();
      });
      await page.goto(path);
      // The rest comes and is drawn; then the held answer.
      await drawn(page, pending, held);
      release();
      await drawn(page, pending);
      await page.unroute(held);
      const { total, shifts } = await layoutShifts(page);
      expect(total, `${answer} last:\n${shifts.join('\n')}`).toBeLessThan(0.001);
    }
  });
}
