import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type Request } from './test';
import { readMail } from './mail';

/** Seeded by SEED_DEMO=1 on the fresh e2e database (apps/server/src/demo/seed-demo.ts). */
export const DEMO_PASSWORD = 'demo12345';
export const DEMO_PROJECT = 'Демо-проект';
export const DEMO_ADMIN = { email: 'demo@example.com', name: 'Анна Админова' };
export const DEMO_OWNER = { email: 'owner@example.com', name: 'Олег Владельцев' };
export const DEMO_MANAGER = { email: 'manager@example.com', name: 'Мария Менеджерова' };

export const SCREENSHOTS = 'test-results/screenshots';

/**
 * Keeps a picture of the screen for a person to look at (each screen at 1440 and 390 px, every
 * state): only when E2E_SHOTS is set (`E2E_SHOTS=1 npm run test:e2e`), since no test reads them
 * and taking them costs CI a browser's worth of time.
 */
export const saveShot = (
  target: { screenshot: (options: { path: string }) => Promise<unknown> },
  options: { path: string } & Record<string, unknown>,
) => (process.env.E2E_SHOTS ? target.screenshot(options) : Promise.resolve());

let counter = 0;
/** An address no earlier run used: the database is fresh per run, tests run in parallel. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${process.pid}.${(counter += 1)}@example.com`;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A session of `email` for pages or for API calls, signed in once per worker and kept while it
 * lasts: a sign-in is a deliberately slow password check (scrypt at 2^17, 0.7 s of a core), and the
 * suite signs in hundreds of times (docs/decisions.md, "CI time"). A session a test ended (its
 * 'Выйти') no longer answers, and the next one signs in again. Pages and API calls keep separate
 * sessions, so a page signing out never ends a test's API access.
 */
export const sessionToken = async (
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
  use: 'page' | 'api' = 'api',
) => {
  const key = `${use} ${email} ${password}`;
  const kept = sessions.get(key);
  if (kept && (await request.get('/api/v1/user', { headers: bearer(kept) })).status() === 200) return kept;
  const login = await request.post('/api/v1/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as { response: { token: string } }).response;
  sessions.set(key, token);
  return token;
};
const sessions = new Map<string, string>();

/** Signs in through the form, as a person would. */
export const signInWithForm = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel(/^Пароль/).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL('/');
};

/**
 * Signs in through the API and opens `at` already signed in (faster than the form): the token is
 * put where the app keeps it before the page's first script runs, once per tab, so a later
 * sign-out stays signed out and a second sign-in in the same tab takes over.
 */
export const signInWithToken = async (page: Page, request: APIRequestContext, email: string, at = '/') => {
  const token = await sessionToken(request, email, DEMO_PASSWORD, 'page');
  // The worker's server (e2e/test.ts), as the request context resolves it.
  const origin = new URL((await request.get('/api/v1/user', { headers: bearer(token) })).url()).origin;
  signIns += 1;
  await page.addInitScript(
    ({ token, origin, id }) => {
      if (location.origin !== origin) return;
      const done = JSON.parse(sessionStorage.getItem('e2e-sign-ins') ?? '[]') as string[];
      if (done.includes(id)) return;
      sessionStorage.setItem('e2e-sign-ins', JSON.stringify([...done, id]));
      localStorage.setItem('token', token);
    },
    { token, origin, id: `${process.pid}.${signIns}` },
  );
  await page.goto(at);
  if (at === '/') await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
};
let signIns = 0;

/** Waits until the page's live stream is subscribed: a change made after this reaches the page. */
export const liveStreamReady = (page: Page) => expect(page.locator('html[data-live="ready"]')).toHaveCount(1);

export const sidebar = (page: Page) => page.getByTestId('sidebar');

/** Width, height and right/bottom edges rounded to whole pixels (transforms leave fractions). */
export const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) return null;
  return {
    width: Math.round(b.width),
    height: Math.round(b.height),
    x: Math.round(b.x),
    y: Math.round(b.y),
    right: Math.round(b.x + b.width),
    bottom: Math.round(b.y + b.height),
  };
};

/**
 * axe's serious and critical findings on the page once its animations have ended (a modal fading
 * in has, for a moment, the contrast of a half-transparent button), one readable line each.
 * axe runs in the page itself (legacy mode: the app has no frames) and reports its violations
 * alone: the default opens a second page to merge frames' results and carries every passing node
 * back, ten times the time on the board (docs/decisions.md, "CI time").
 */
export const seriousViolations = async (page: Page) => {
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
};

/**
 * A new member of the demo project, joined through the API as a person would (an invitation,
 * then registration from its link): someone with nothing of his own yet. Answers his email; his
 * password is DEMO_PASSWORD.
 */
export const joinDemoProject = async (
  request: APIRequestContext,
  role: 'admin' | 'manager',
  name: string,
) => {
  const email = uniqueEmail(role);
  const admin = await demoApi(request, DEMO_ADMIN.email);
  const sent = await request.post(`${admin.base}/invitations`, {
    data: { email, role },
    headers: admin.headers,
  });
  expect(sent.status()).toBe(201);
  const mail = await readMail(email, `Приглашение в проект «${DEMO_PROJECT}»`);
  const token = /registration\?invitation=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  const registered = await request.post('/api/v1/register', {
    data: {
      name,
      email,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      invitation_token: token,
    },
  });
  expect(registered.status()).toBe(201);
  return email;
};

/** A demo person's API access: his Bearer header and the demo project (its id and its API base). */
export const demoApi = async (request: APIRequestContext, email: string, password = DEMO_PASSWORD) => {
  const headers = bearer(await sessionToken(request, email, password));
  const projects = await request.get('/api/v1/user/projects', { headers });
  const projectId = ((await projects.json()) as { response: { id: number }[] }).response[0]!.id;
  return { headers, projectId, base: `/api/v1/projects/${projectId}` };
};

/**
 * Records the browser's own layout-shift entries of every page the tab opens from now on (what a
 * reader sees move, and Lighthouse counts); `layoutShifts` reads this page's, with their sum.
 */
export const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
        const nodes = entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80));
        shifts.push(`${entry.value.toFixed(6)} ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

export const layoutShifts = async (page: Page) => {
  const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
  return { total: shifts.reduce((sum, line) => sum + Number(line.split(' ')[0]), 0), shifts };
};

/**
 * A keyboard drag (dnd-kit): Space on the handle, the arrows of `plan` pressed until the drag's
 * announcement says the item is over `target`, Space to put it there, and that announced too.
 * dnd-kit listens for the arrows a moment after the drag has started, so on a busy machine the
 * first presses can be lost: the plan's first arrow is pressed again until the item gets there.
 */
export const keyboardDrag = async (page: Page, handle: Locator, plan: string[], target: string) => {
  const regions = page.locator('[id^="DndLiveRegion"]');
  const over = regions.filter({ hasText: `над «${target}»` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < plan.length + 40 && (await over.count()) === 0; i += 1)
    await page.keyboard.press(plan[i] ?? plan[0]!);
  await expect(over).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(regions.filter({ hasText: `поставлен на место «${target}»` })).toHaveCount(1);
};

/**
 * Waits until every animation and CSS transition on the page that ends has finished (a panel's
 * slide-in, the sidebar becoming a drawer), two frames after the change that started them.
 */
export const animationsDone = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // A loading skeleton's shimmer runs forever: only the animations that end are waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });

/** The live stream stays open as long as the page: never waited for. */
const LIVE = /\/api\/v1\/events$/;

/** The page's requests under way (its data, its code's chunks), kept up to date as it makes them. */
export const underWay = (page: Page) => {
  const pending = new Set<Request>();
  page.on('request', (r) => {
    if (!LIVE.test(new URL(r.url()).pathname)) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return pending;
};

/**
 * Until the page has drawn everything it has asked for but the held answer: nothing else under
 * way, two frames and the ending animations after the last answer, and still nothing asked then.
 */
export const drawn = (page: Page, pending: Set<Request>, held: (url: URL) => boolean = () => false) =>
  expect
    .poll(
      async () => {
        const busy = () => [...pending].some((r) => !held(new URL(r.url())));
        if (busy()) return false;
        await animationsDone(page);
        return !busy();
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBe(true);
