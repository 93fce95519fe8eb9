import { expect, test, type APIRequestContext, type Locator, type Page, type Response } from './test';
import {
  box,
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  layoutShifts,
  recordLayoutShifts,
  SCREENSHOTS,
  seriousViolations,
  signInWithToken,
  saveShot,
} from './fixtures';

const SHOTS = `${SCREENSHOTS}/reminders-calendar`;

type Item = {
  id: number;
  title: string;
  status: string;
  completion_date: string;
  client: { name: string; last_name: string };
  manager: { id: number; name: string };
};
type Window = { data: Item[]; truncated: boolean };
type Filters = {
  client_category_changed: { id: number; name: string; count: number }[];
  client_form_field_changed: { id: number; name: string; field: { name: string }; count: number }[];
};

type Api = { headers: Record<string, string>; base: string };

/** A member's token and the demo project's reminders API, to check what the page shows. */
const apiAs = async (request: APIRequestContext, email: string): Promise<Api> => {
  const { headers, base } = await demoApi(request, email);
  return { headers, base: `${base}/client-reminders` };
};

const read = async <T>(request: APIRequestContext, api: Api, path: string): Promise<T> => {
  const res = await request.get(`${api.base}${path}`, { headers: api.headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { response: T }).response;
};

/** The project's day (the demo project is in Moscow, as the browser of these tests). */
const moscowDay = (at: Date | string = new Date()) =>
  new Date(at).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

const calendarCall = (page: Page, period: string, start?: string) =>
  page.waitForResponse((res: Response) => {
    const url = new URL(res.url());
    return (
      url.pathname.endsWith('/client-reminders/calendar') &&
      url.searchParams.get('period') === period &&
      (start === undefined || url.searchParams.get('start_date') === start) &&
      res.status() === 200
    );
  });

const answerOf = async (res: Response) => ((await res.json()) as { response: Window }).response;

const calendar = (page: Page) => page.getByTestId('calendar');
/** A reminder's time as the calendar writes it, in the project's zone. */
const wallTime = (r: Item) =>
  new Date(r.completion_date).toLocaleTimeString('ru-RU', {
    timeZone: 'Europe/Moscow',
    hour: '2-digit',
    minute: '2-digit',
  });
/** The time grid's column of a reminder's day. */
const column = (page: Page, r: Item) =>
  calendar(page).locator(`td.fc-timegrid-col[data-date="${moscowDay(r.completion_date)}"]`);
const events = (page: Page) => calendar(page).locator('.fc-event');

/**
 * How many reminders the calendar holds: the blocks shown, and those counted in a '+ N' (a month's
 * day, or reminders at the same time beyond the few a column has room for).
 */
const heldOnCalendar = async (page: Page) => {
  const shown = await events(page).filter({ visible: true }).count();
  const more = await calendar(page).locator('.fc-more-link').allTextContents();
  return shown + more.reduce((sum, text) => sum + Number(/\d+/.exec(text)?.[0] ?? 0), 0);
};

/** The status colours of docs/product.md §10, as the browser computes them (the event's left bar). */
const STATUS_COLOURS: Record<string, string> = {
  pending: 'rgb(62, 123, 250)',
  expired: 'rgb(229, 72, 77)',
  completed: 'rgb(48, 164, 108)',
  skipped: 'rgb(107, 111, 128)',
  canceled: 'rgb(107, 111, 128)',
};

test('the calendar shows this week by default, in status colours, and asks again for a month and a day', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_ADMIN.email);
  const today = moscowDay();
  const monday = mondayOf(today);
  await signInWithToken(page, request, DEMO_ADMIN.email);

  // Week by default: the request starts on this week's Monday.
  const weekCall = calendarCall(page, 'week', monday);
  await page.getByRole('link', { name: 'Календарь' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Календарь' })).toBeVisible();
  const week = await answerOf(await weekCall);
  expect(week.data.length).toBeGreaterThan(0);
  // The page shows what the server stored for this week (the admin sees the team's).
  const stored = await read<Window>(request, api, `/calendar?start_date=${monday}&period=week`);
  expect(week.data.map((r) => r.id).sort()).toEqual(stored.data.map((r) => r.id).sort());
  await expect.poll(() => heldOnCalendar(page)).toBe(week.data.length);
  await expect(calendar(page)).toHaveAttribute('data-view', 'timeGridWeek');
  await expect(page.getByRole('button', { name: 'Неделя', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Weeks start on Monday, in Russian: the first column is this week's Monday.
  const [, mm, dd] = monday.split('-');
  await expect(calendar(page).locator('.fc-col-header-cell').first()).toHaveText(`пн, ${dd}.${mm}`);
  await expect(calendar(page).locator('.fc-timegrid-slot-label').filter({ hasText: '13:00' })).toHaveCount(1);

  // Each reminder sits on its day, at its time, in its status's colour, or under its day's '+ N'
  // when it shares its time with another.
  let shown = 0;
  for (const r of week.data) {
    const event = column(page, r)
      .locator(`.fc-event.reminder-${r.status}`)
      .filter({ hasText: `${wallTime(r)}${r.title}` })
      .first();
    if ((await event.count()) === 0) {
      await expect(column(page, r).locator('.fc-timegrid-more-link')).not.toHaveCount(0);
      continue;
    }
    shown += 1;
    await expect(event).toBeVisible();
    await expect(event).toHaveCSS('border-left-color', STATUS_COLOURS[r.status]!);
  }
  expect(shown).toBeGreaterThan(0);
  await saveShot(page, { path: `${SHOTS}/week.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // Month: six weeks from the Monday of the week of the 1st; the address keeps it.
  const first = `${today.slice(0, 8)}01`;
  const monthCall = calendarCall(page, 'month', mondayOf(first));
  await page.getByRole('button', { name: 'Месяц', exact: true }).click();
  const month = await answerOf(await monthCall);
  await expect(page).toHaveURL(new RegExp(`period=month&date=${first}`));
  await expect(calendar(page)).toHaveAttribute('data-view', 'dayGridMonth');
  // Every reminder of the window is there: shown, or counted in its day's '+ ещё N'.
  await expect.poll(() => heldOnCalendar(page)).toBe(month.data.length);
  expect(month.data.length).toBeGreaterThan(week.data.length);
  await saveShot(page, { path: `${SHOTS}/month.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // A reload keeps the month; 'Следующий месяц' asks for the next window.
  await page.reload();
  await expect(calendar(page)).toHaveAttribute('data-view', 'dayGridMonth');
  const nextFirst = `${addDays(`${today.slice(0, 8)}28`, 7).slice(0, 8)}01`;
  const nextCall = calendarCall(page, 'month', mondayOf(nextFirst));
  await page.getByRole('button', { name: 'Следующий месяц' }).click();
  await nextCall;
  await expect(page).toHaveURL(new RegExp(`date=${nextFirst}`));
  // Back returns to this month (the state is in the address).
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`period=month&date=${first}`));
  await expect(page.getByTestId('calendar-title')).not.toHaveText(/^$/);

  // Day: today's window; its reminders are today's.
  const dayCall = calendarCall(page, 'day', today);
  await page.getByRole('button', { name: 'День', exact: true }).click();
  const day = await answerOf(await dayCall);
  await expect(page).toHaveURL(new RegExp(`period=day&date=${today}`));
  await expect(calendar(page)).toHaveAttribute('data-view', 'timeGridDay');
  await expect.poll(() => heldOnCalendar(page)).toBe(day.data.length);
  for (const r of day.data) expect(moscowDay(r.completion_date)).toBe(today);
  // Each block's text, the client's name included, is drawn inside the block.
  const overflowing = await calendar(page)
    .locator('.fc-timegrid-event')
    .evaluateAll((blocks) =>
      blocks.flatMap((block) => {
        const box = block.getBoundingClientRect();
        return Array.from(block.querySelectorAll('span'))
          .filter((span) => span.getClientRects().length > 0)
          .filter((span) => {
            const r = span.getBoundingClientRect();
            return r.height > 0 && (r.bottom > box.bottom + 1 || r.top < box.top - 1);
          })
          .map((span) => span.textContent ?? '');
      }),
    );
  expect(overflowing).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/day.png` });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a reminder opens from the calendar by a click and by its link (?reminder=)', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_MANAGER.email);
  const today = moscowDay();
  const monday = mondayOf(today);
  const week = await read<Window>(request, api, `/calendar?start_date=${monday}&period=week`);
  const target = week.data[0]!;
  // A manager sees only his own.
  const me = await request.get('/api/v1/user', { headers: api.headers });
  const { response: user } = (await me.json()) as { response: { id: number } };
  for (const r of week.data) expect(r.manager.id).toBe(user.id);

  await signInWithToken(page, request, DEMO_MANAGER.email, '/calendar');
  await expect.poll(() => heldOnCalendar(page)).toBe(week.data.length);
  // A manager has no member filter.
  await expect(page.getByRole('combobox', { name: 'Сотрудник' })).toHaveCount(0);

  await events(page).filter({ hasText: target.title }).first().click();
  const details = page.getByRole('dialog');
  await expect(details.getByTestId('reminder-details-title')).toHaveText(target.title);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Keyboard: an event is focusable and Enter opens it.
  await events(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByTestId('reminder-details')).toBeVisible();
  await page.keyboard.press('Escape');

  // The link the notifications use: the day's calendar with the reminder open.
  const day = moscowDay(target.completion_date);
  await page.goto(`/calendar?reminder=${target.id}&date=${day}`);
  await expect(page.getByRole('dialog').getByTestId('reminder-details-title')).toHaveText(target.title);
  // The parameter leaves the address: closing and reloading does not reopen it.
  await expect(page).not.toHaveURL(/reminder=/);
  await expect(page).toHaveURL(new RegExp(`date=${mondayOf(day)}`));
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(events(page).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a click on a free day creates a reminder on that day; a past day offers nothing', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_MANAGER.email);
  const today = moscowDay();
  const next = `${addDays(`${today.slice(0, 8)}28`, 7).slice(0, 8)}10`;
  await page.goto(`/calendar?period=month&date=${next.slice(0, 8)}01`);
  await expect(calendar(page)).toHaveAttribute('data-view', 'dayGridMonth');
  await calendar(page)
    .locator(`td.fc-daygrid-day[data-date="${next}"]`)
    .click({ position: { x: 10, y: 70 } });
  const create = page.getByRole('dialog', { name: 'Новое напоминание' });
  await expect(create).toBeVisible();
  await expect(create.getByLabel('Дата')).toHaveValue(next);
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();

  // Yesterday (or any earlier day of the previous month): nothing opens.
  const past = addDays(today, -1);
  await page.goto(`/calendar?period=day&date=${past}`);
  await expect(calendar(page)).toHaveAttribute('data-view', 'timeGridDay');
  await calendar(page).locator('.fc-timegrid-slot-lane').nth(30).click();
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an admin narrows the calendar to one member', async ({ page, request }) => {
  const api = await apiAs(request, DEMO_ADMIN.email);
  const monday = mondayOf(moscowDay());
  const all = await read<Window>(request, api, `/calendar?start_date=${monday}&period=week`);
  const managers = [...new Map(all.data.map((r) => [r.manager.id, r.manager])).values()];
  expect(managers.length).toBeGreaterThan(1);
  const one = managers[0]!;
  const own = all.data.filter((r) => r.manager.id === one.id);

  await signInWithToken(page, request, DEMO_ADMIN.email, '/calendar');
  await expect.poll(() => heldOnCalendar(page)).toBe(all.data.length);
  const call = page.waitForResponse(
    (res) => new URL(res.url()).searchParams.get('manager_id') === String(one.id),
  );
  await page.getByRole('combobox', { name: 'Сотрудник' }).selectOption({ label: one.name });
  await call;
  await expect(page).toHaveURL(new RegExp(`manager=${one.id}`));
  await expect.poll(() => heldOnCalendar(page)).toBe(own.length);
});

test("the dashboard shows today's reminders, their numbers, and a filter narrows them", async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_ADMIN.email);
  const today = await read<Window>(request, api, '/today');
  const filters = await read<Filters>(request, api, '/today/categories');
  expect(today.data.length).toBeGreaterThan(0);

  await signInWithToken(page, request, DEMO_ADMIN.email);
  const cards = page.getByTestId('today-list').getByTestId('reminder-card');
  await expect(cards).toHaveCount(today.data.length);
  // Earliest first.
  const ids = await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-reminder-id'))));
  const byTime = [...today.data]
    .sort((a, b) => a.completion_date.localeCompare(b.completion_date))
    .map((r) => r.id);
  expect(ids).toEqual(byTime);
  for (const r of today.data) expect(moscowDay(r.completion_date)).toBe(moscowDay());

  const count = (status: string) => String(today.data.filter((r) => r.status === status).length);
  await expect(page.getByTestId('today-total').locator('dd')).toHaveText(String(today.data.length));
  await expect(page.getByTestId('today-completed').locator('dd')).toHaveText(count('completed'));
  await expect(page.getByTestId('today-expired').locator('dd')).toHaveText(count('expired'));
  await saveShot(page, { path: `${SHOTS}/dashboard.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The filters: 'Все', then the categories and options with their counts.
  const chips = page.getByTestId('today-filter');
  const category = filters.client_category_changed[0];
  expect(category, 'the demo has a scenario-made reminder today').toBeDefined();
  await expect(chips.first()).toHaveText(`Все${today.data.length}`);
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  const chip = chips.filter({ hasText: category!.name });
  await expect(chip.getByTestId('today-filter-count')).toHaveText(String(category!.count));

  const narrowed = await read<Window>(request, api, `/today?category_id=${category!.id}`);
  expect(narrowed.data.length).toBe(category!.count);
  expect(narrowed.data.length).toBeLessThan(today.data.length);
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`category=${category!.id}`));
  await expect(cards).toHaveCount(narrowed.data.length);
  for (const r of narrowed.data) await expect(cards.filter({ hasText: r.title }).first()).toBeVisible();

  // A card opens the reminder; 'Все' brings the whole day back.
  await cards.first().click();
  await expect(page.getByRole('dialog').getByTestId('reminder-details-title')).toHaveText(
    narrowed.data[0]!.title,
  );
  await page.keyboard.press('Escape');
  await chips.first().click();
  await expect(cards).toHaveCount(today.data.length);

  // The link to the calendar.
  await page.getByRole('link', { name: 'Открыть календарь' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Календарь' })).toBeVisible();
  await expect(events(page).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("completing a reminder from the dashboard refreshes the day's list and numbers", async ({
  page,
  request,
}) => {
  const api = await apiAs(request, DEMO_MANAGER.email);
  const today = await read<Window>(request, api, '/today');
  const target = today.data.find((r) => r.status === 'pending');
  expect(target, 'the demo manager has a pending reminder today').toBeDefined();
  const done = today.data.filter((r) => r.status === 'completed').length;

  await signInWithToken(page, request, DEMO_MANAGER.email);
  await expect(page.getByTestId('today-completed').locator('dd')).toHaveText(String(done));
  const card = page.locator(`[data-testid="reminder-card"][data-reminder-id="${target!.id}"]`);
  await expect(card).toHaveAttribute('data-status', 'pending');
  await card.click();
  const details = page.getByRole('dialog').filter({ has: page.getByTestId('reminder-details') });
  await details.getByRole('button', { name: 'Выполнить задачу', exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Выполнить задачу ${target!.title}?` });
  await confirm.getByRole('button', { name: 'Выполнить задачу', exact: true }).click();

  // The server stored it; the list and the numbers under the modal follow without a reload.
  await expect
    .poll(
      async () => (await read<Window>(request, api, '/today')).data.find((r) => r.id === target!.id)?.status,
    )
    .toBe('completed');
  await expect(card).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('today-completed').locator('dd')).toHaveText(String(done + 1));
});

test('reminders minutes before midnight are readable blocks on their own day, the crowd under a chip', async ({
  page,
  request,
}) => {
  const { headers, base } = await demoApi(request, DEMO_MANAGER.email);
  const clients = await request.get(`${base}/clients?per_page=1`, { headers });
  const client = ((await clients.json()) as { response: { data: { id: number }[] } }).response.data[0]!;
  // Far ahead, so no other test's week or month sees them; as crowded as the demo's last minutes.
  const day = addDays(moscowDay(), 70);
  const stamp = Date.now();
  const times = ['23:49', '23:57', '23:58', '23:59'];
  for (const time of times) {
    const made = await request.post(`${base}/clients/${client.id}/reminders`, {
      headers,
      data: {
        title: `Поздний звонок ${time} ${stamp}`,
        completion_date: new Date(`${day}T${time}:00+03:00`).toISOString(),
      },
    });
    expect(made.status()).toBe(201);
  }
  const ours = (scope: Locator) => scope.locator('.fc-event').filter({ hasText: String(stamp) });
  /** Every block shown has room for its title: no sliver, no title squeezed to nothing. */
  const expectReadable = async (scope: Locator) => {
    for (const block of await ours(scope).all()) {
      const title = block.getByText(/^Поздний звонок/);
      await expect(title).toBeVisible();
      expect((await box(title))!.width).toBeGreaterThan(40);
      expect((await box(block))!.height).toBeGreaterThan(24);
    }
  };

  await signInWithToken(page, request, DEMO_MANAGER.email, `/calendar?period=week&date=${day}`);
  const dayColumn = calendar(page).locator(`td.fc-timegrid-col[data-date="${day}"]`);
  // A week's column is narrow: one block, and the other three under '+3', in its list.
  await expect(ours(dayColumn)).toHaveCount(1);
  await expectReadable(dayColumn);
  await expect(ours(dayColumn)).toContainText('23:49');
  // Nothing spills into the next day.
  await expect(ours(calendar(page))).toHaveCount(1);
  const more = dayColumn.locator('.fc-timegrid-more-link');
  await expect(more).toHaveText('+3');
  await more.scrollIntoViewIfNeeded();
  await saveShot(page, { path: `${SHOTS}/week-late-evening.png` });
  await more.click();
  const list = page.locator('.fc-popover');
  await expect(ours(list)).toHaveCount(3);
  await expect(ours(list).first()).toContainText('23:57');
  await expect(ours(list).last()).toContainText('23:59');
  await page.keyboard.press('Escape');

  // A day has room for three.
  await page.goto(`/calendar?period=day&date=${day}`);
  await expect(ours(calendar(page))).toHaveCount(3);
  await expectReadable(calendar(page));
  await expect(calendar(page).locator('.fc-timegrid-more-link')).toHaveText('+1');
});

test('the calendar and the dashboard at 390 px: a day by default, usable', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_MANAGER.email);
  await saveShot(page, { path: `${SHOTS}/dashboard-390.png`, fullPage: true });
  const dayCall = calendarCall(page, 'day', moscowDay());
  await page.goto('/calendar');
  await dayCall;
  await expect(calendar(page)).toHaveAttribute('data-view', 'timeGridDay');
  // Nothing overflows the screen sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Неделя', exact: true }).click();
  await expect(calendar(page)).toHaveAttribute('data-view', 'timeGridWeek');
  await saveShot(page, { path: `${SHOTS}/week-390.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('a browser in another time zone', () => {
  // The project's days and hours hold whatever the browser's zone (the demo project is in Moscow).
  test.use({ timezoneId: 'America/New_York' });

  test("still sees the project's week, days and times", async ({ page, request }) => {
    const api = await apiAs(request, DEMO_MANAGER.email);
    const monday = mondayOf(moscowDay());
    const week = await read<Window>(request, api, `/calendar?start_date=${monday}&period=week`);
    await signInWithToken(page, request, DEMO_MANAGER.email);
    const call = calendarCall(page, 'week', monday);
    await page.goto('/calendar');
    await call;
    await expect.poll(() => heldOnCalendar(page)).toBe(week.data.length);
    // Each on its project day at its project time, or under that day's '+ N'.
    for (const r of week.data) {
      const event = column(page, r)
        .locator('.fc-event')
        .filter({ hasText: `${wallTime(r)}${r.title}` });
      const more = column(page, r).locator('.fc-timegrid-more-link');
      expect((await event.count()) + (await more.count())).toBeGreaterThan(0);
    }
    // 'Today' is the project's today.
    await expect(calendar(page).locator(`.fc-col-header-cell.fc-day-today`)).toHaveAttribute(
      'data-date',
      moscowDay(),
    );
  });
});

/**
 * The start page draws its parts as their answers come: today's numbers, the filters and the
 * list. Whichever comes last, nothing already drawn moves (a layout shift a phone's reader would
 * see and Lighthouse counts): the browser's own layout-shift entries are read, with each answer
 * in turn held until the rest is drawn.
 */
test('the start page loads without a layout shift, whichever answer comes last, on a phone and a desktop', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  await recordLayoutShifts(page);
  const held = [
    { name: 'today', is: (url: URL) => url.pathname.endsWith('/client-reminders/today') },
    { name: 'filters', is: (url: URL) => url.pathname.endsWith('/client-reminders/today/categories') },
  ];
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { name, is } of held) {
      let release = () => {};
      const holding = new Promise<void>((resolve) => (release = resolve));
      await page.route(is, async (route) => {
        await holding;
        await route.continue();
      });
      await page.reload();
      await expect(page.getByTestId('today-loading')).toBeVisible();
      // What is not held is drawn: the numbers come with today's answer, the title with either.
      if (name === 'filters') await expect(page.getByTestId('today-total').locator('dd')).toHaveText(/^\d/);
      await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
      release();
      await expect(page.getByTestId('today-list')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Фильтр напоминаний на сегодня' })).toBeVisible();
      await page.unroute(is);
      // The account's name, whose width its placeholder cannot know, may nudge the desktop
      // header by a hair (0.0001); anything a reader would see is far above this sum.
      const { total, shifts } = await layoutShifts(page);
      expect(total, `${name} last, ${width} px:\n${shifts.join('\n')}`).toBeLessThan(0.001);
    }
  }
});
