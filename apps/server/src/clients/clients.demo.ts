import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { seedCategoriesDemo, seedLossReasonsDemo, type DemoCategory } from './categories/categories.demo.js';
import { seedFormDemo } from './form/form.demo.js';
import { seedNotesDemo } from './notes/notes.demo.js';
import { seedTimelineDemo } from './calls/calls.demo.js';
import { refreshClientContacts } from './duplicates/duplicates.repository.js';
import { refreshClientSearch } from './search/search.repository.js';
import { seedViewsDemo } from './views/views.demo.js';

/**
 * A sales pipeline: two stages whose clients move on by themselves ('Думает' after 72 h,
 * 'Пробный период' after a week), hints on two stages, and 200 clients spread over it.
 */
const pipeline: (DemoCategory & { clients: number })[] = [
  { key: 'new', name: 'Новые заявки', color: 'AC8BE5', hours: 0, next: 'contact', clients: 40 },
  {
    key: 'contact',
    name: 'Первый контакт',
    color: '88E7FF',
    hours: 0,
    next: 'presentation',
    clients: 35,
    clue: [
      { type: 'paragraph', children: [{ text: 'Позвоните в течение часа после заявки.', bold: true }] },
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'Представьтесь и назовите компанию' }] },
          { type: 'list-item', children: [{ text: 'Уточните, что нужно клиенту и к какому сроку' }] },
          { type: 'list-item', children: [{ text: 'Договоритесь о презентации' }] },
        ],
      },
    ],
  },
  { key: 'presentation', name: 'Презентация', color: 'FFD95F', hours: 0, next: 'thinking', clients: 30 },
  {
    key: 'thinking',
    name: 'Думает',
    color: 'DD69C0',
    hours: 72,
    next: 'recontact',
    clients: 30,
    clue: [
      {
        type: 'paragraph',
        children: [
          { text: 'Через 72 часа клиент сам перейдёт в ' },
          { text: '«Повторный контакт»', italic: true, color: '#6A4BC8' },
          { text: ': напомните о себе и ответьте на вопросы.' },
        ],
      },
    ],
  },
  { key: 'recontact', name: 'Повторный контакт', color: '677DE7', hours: 0, next: 'deal', clients: 20 },
  { key: 'trial', name: 'Пробный период', color: '56E4D1', hours: 168, next: 'deal', clients: 20 },
  { key: 'deal', name: 'Сделка', color: '77EF83', hours: 0, next: null, clients: 25 },
  // The stages that end the pipeline: their clients are taken from the others below.
  { key: 'won', name: 'Успех', color: '1FAF5A', hours: 0, next: null, clients: 0, outcome: 'won' },
  { key: 'lost', name: 'Отказ', color: 'FF8C8C', hours: 0, next: null, clients: 0, outcome: 'lost' },
];

/**
 * Closed deals: the last clients of these stages (none of the overdue ones) were won or lost
 * since, so the board, the client's history and the statistics have some. Taken after the
 * sequence is drawn, so every other demo client stays as it was.
 */
const closedFrom: { from: string; to: 'won' | 'lost'; clients: number }[] = [
  { from: 'deal', to: 'won', clients: 10 },
  { from: 'recontact', to: 'lost', clients: 6 },
  { from: 'presentation', to: 'lost', clients: 5 },
  { from: 'thinking', to: 'lost', clients: 3 },
];

const firstNames = [
  'Алексей',
  'Мария',
  'Иван',
  'Ольга',
  'Дмитрий',
  'Елена',
  'Сергей',
  'Анна',
  'Павел',
  'Наталья',
  'Андрей',
  'Ирина',
  'Никита',
  'Татьяна',
  'Михаил',
  'Светлана',
];
const lastNames = [
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Соколов',
  'Лебедев',
  'Козлов',
  'Новиков',
  'Морозов',
  'Волков',
  'Фёдоров',
  'Михайлов',
  'Белов',
  'Орлов',
  'Зайцев',
];
/** Female first names take the female form of the last name. */
const female = new Set(['Мария', 'Ольга', 'Елена', 'Анна', 'Наталья', 'Ирина', 'Татьяна', 'Светлана']);

/** A fixed sequence, so every demo database looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export async function seedClientsDemo({ db, clock }: AppDeps, demo: DemoContext): Promise<void> {
  const now = clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const ids = await seedCategoriesDemo(db, demo.projectId, iso(now), pipeline);

  const next = random(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const rows = pipeline.flatMap((category) =>
    Array.from({ length: category.clients }, (_, i) => {
      const name = pick(firstNames);
      const lastName = `${pick(lastNames)}${female.has(name) ? 'а' : ''}`;
      const createdAt = now - Math.floor(next() * 60 * DAY) - HOUR;
      // Mostly recent arrivals; in the timed stages a few have waited long enough to move on.
      const overdue = category.hours > 0 && i < 3;
      const sinceEntered = overdue
        ? category.hours * HOUR + (i + 1) * HOUR
        : Math.floor(next() * Math.min(now - createdAt, (category.hours || 24 * 14) * HOUR * 0.9));
      const enteredAt = Math.max(createdAt, now - sinceEntered);
      const amount =
        category.key === 'deal'
          ? Math.round(10 + next() * 490) * 1000
          : next() < 0.5
            ? 0
            : Math.round(next() * 200) * 1000;
      return {
        project_id: demo.projectId,
        manager_id: next() < 0.7 ? demo.users.manager.id : demo.users.admin.id,
        category_id: ids.get(category.key) ?? 0,
        name,
        last_name: lastName,
        amount,
        traffic: next() < 0.4 ? 1 : 0,
        category_entered_at: iso(enteredAt),
        created_at: iso(createdAt),
        updated_at: iso(enteredAt),
      };
    }),
  );
  for (const closed of closedFrom) {
    const from = ids.get(closed.from);
    rows
      .filter((r) => r.category_id === from)
      .slice(-closed.clients)
      .forEach((r) => {
        r.category_id = ids.get(closed.to) ?? 0;
      });
  }
  await seedLossReasonsDemo(db, demo.projectId, iso(now));
  const clients = await db
    .insertInto('clients')
    .values(rows)
    .returning(['id', 'manager_id', 'created_at'])
    .execute();
  await seedFormDemo(
    db,
    demo.projectId,
    iso(now),
    clients.map((c) => c.id),
    next,
  );
  await seedNotesDemo(db, { projectId: demo.projectId, adminId: demo.users.admin.id }, clients, now, next);
  await seedTimelineDemo(db, demo.projectId, now, next);
  await refreshClientSearch(
    db,
    clients.map((c) => c.id),
  );
  await refreshClientContacts(
    db,
    clients.map((c) => c.id),
  );
  await seedViewsDemo(
    db,
    { projectId: demo.projectId, adminId: demo.users.admin.id, managerId: demo.users.manager.id },
    { presentation: ids.get('presentation') },
    iso(now),
  );
}
