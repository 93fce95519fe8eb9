// `npm run bench:knowledge [-- --posts 10000] [--dialect sqlite|postgres] [--runs 200] [--keep]`:
// seeds a fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL; skipped without either) with one project's library of many rich-text
// articles of a few KB each, then times a topic's pages, the whole library's and the library
// search in process (app.inject: routing, access, validation, SQL, excerpts, serialisation),
// prints wall and CPU p50/p95 (goals are judged on CPU time) and every query's plan, and flags
// any plan that reads every article.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import {
  KNOWLEDGE_POSTS_PER_PAGE,
  KNOWLEDGE_SEARCH_COUNT_CAP,
  KNOWLEDGE_SEARCH_PER_PAGE,
  knowledgeCategoriesEndpoints,
  knowledgePostsEndpoints,
  pathOf,
  type RichText,
} from '@crm/contract';
import { buildApp, type App } from '../apps/server/src/app.js';
import { migrateToLatest, type Db, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { articleSearchText } from '../apps/server/src/knowledge/knowledge-search.text.js';
import { recountPosts } from '../apps/server/src/knowledge/knowledge.repository.js';
import { callEndpoint, registerOwner } from '../apps/server/src/test/api.js';
import { joinAs } from '../apps/server/src/test/members.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import {
  backendPidOf,
  benchDeps,
  captureQueries,
  openBenchDatabase,
  seededBenchOptions,
  planOf,
  timeRequest,
  type TimedRequest,
} from './in-process.js';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    ...seededBenchOptions,
  },
});
const POSTS = Number(args.posts);
const RUNS = Number(args.runs);
const WARMUP = 20;
const TOPICS = 20;
const GOALS = { page: 5, search: 10, post: 5 } as const;

type Scenario = TimedRequest & { kind: keyof typeof GOALS };

// ---- the seeded library ------------------------------------------------------------------

const SENTENCES = [
  'Позвоните клиенту в течение пятнадцати минут после заявки, пока он помнит, что искал.',
  'Уточните задачу, сроки и бюджет, прежде чем называть цену.',
  'Возражение «дорого» значит, что клиент пока не видит ценности предложения.',
  'Предложите два варианта времени для презентации, а не спрашивайте, когда удобно.',
  'После встречи отправьте краткое резюме и договорённости на почту.',
  'Скидку согласует руководитель отдела, если она больше пяти процентов.',
  'Каждый следующий шаг записывайте в напоминание с датой и временем.',
  'Клиент без напоминания — потерянный клиент, даже если разговор был хорошим.',
  'Пробный период длится четырнадцать дней и продлевается только один раз.',
  'Интеграция с 1С и почтой входит в тариф «Бизнес» и настраивается за три дня.',
  'Если секретарь просит прислать письмо, уточните адрес и время повторного звонка.',
  'Сравнение с конкурентом начинайте с вопроса, что клиенту нравится в нынешнем поставщике.',
  'Договор отправляйте по шаблону, правки юристов согласуйте через руководителя.',
  'Счёт выставляется в день подписания, срок оплаты пять рабочих дней.',
  'Перед отпуском передайте клиентов коллеге и допишите заметки в карточках.',
  'Еженедельный отчёт сдаётся в пятницу до пяти часов вечера.',
  'Use the CRM pipeline to track every deal from the first call to the signed contract.',
  'Send the follow-up email within one hour and mention the next meeting date.',
  'The API export runs nightly; ask support before promising a custom report.',
  'Discounts above ten percent need the sales director’s approval.',
];
const TITLE_WORDS = [
  'Звонок',
  'Встреча',
  'Возражения',
  'Презентация',
  'Скидки',
  'Договор',
  'Тарифы',
  'Интеграция',
  'Отчёт',
  'Переговоры',
  'Follow-up',
  'Pipeline',
];
const COLORS = ['#C0392B', '#1E8449', '#2E86C1', '#7D3C98'];

/** A fixed sequence, so every run seeds the same library. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** An article of about `paragraphs` × 250 characters: paragraphs with marks, a list now and then. */
function article(next: () => number, n: number, paragraphs: number): { title: string; content: string } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sentence = () => pick(SENTENCES);
  const blocks: RichText = [];
  for (let i = 0; i < paragraphs; i += 1) {
    if (i % 4 === 3) {
      blocks.push({
        type: next() < 0.5 ? 'bulleted-list' : 'numbered-list',
        children: [0, 1, 2].map(() => ({ type: 'list-item' as const, children: [{ text: sentence() }] })),
      });
      continue;
    }
    blocks.push({
      type: 'paragraph',
      children: [
        { text: sentence(), bold: next() < 0.3 },
        { text: ` ${sentence()} ` },
        { text: sentence(), color: pick(COLORS), fontSize: '18px' },
      ],
    });
  }
  // A code in every article: a word that only it holds (a rare match).
  blocks.push({ type: 'paragraph', children: [{ text: `Код статьи: regl${String(n).padStart(5, '0')}.`, italic: true }] });
  return { title: `${pick(TITLE_WORDS)}: ${pick(TITLE_WORDS).toLowerCase()} №${n}`, content: JSON.stringify(blocks) };
}

type SeededLibrary = { projectId: number; admin: string; manager: string; topicIds: number[]; postId: number };

/** One project, its admin and a manager through the API; topics and articles straight into the tables. */
async function seedLibrary(app: App, db: Db, count: number, log: (line: string) => void): Promise<SeededLibrary> {
  const owner = await registerOwner(app, 'Библиотека');
  const projectId = owner.projectId;
  const manager = await joinAs({ app, db, clock: systemClock }, projectId, 'manager', 'Менеджер');
  const topicIds: number[] = [];
  for (let i = 1; i <= TOPICS; i += 1) {
    const res = await callEndpoint(app, knowledgeCategoriesEndpoints.create, {
      params: { projectId },
      token: owner.token,
      body: { name: `Тема ${i}` },
    });
    topicIds.push(res.body.response.id as number);
  }
  const next = random(42);
  const started = Date.now();
  const start = Date.parse('2024-01-01T00:00:00Z');
  const BATCH = 200;
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const n = from + k + 1;
      const { title, content } = article(next, n, 8 + Math.floor(next() * 8));
      const at = new Date(start + n * 600_000).toISOString();
      // Half the articles in the first topic: a big topic to page through.
      const topic = n % 2 === 0 ? topicIds[0]! : topicIds[1 + (n % (TOPICS - 1))]!;
      return {
        project_id: projectId,
        category_id: topic,
        title,
        content,
        search_text: articleSearchText(title, content),
        created_at: at,
        updated_at: at,
      };
    });
    await db.insertInto('knowledge_posts').values(rows).execute();
    if ((from + BATCH) % 2000 === 0 || from + BATCH >= count)
      log(`  ${Math.min(count, from + BATCH).toLocaleString('ru-RU')} articles (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await recountPosts(db, projectId, topicIds);
  const sizes = await db
    .selectFrom('knowledge_posts')
    .select((eb) => [eb.fn.avg(sql<number>`length(content)`).as('avg'), eb.fn.max('id').as('last')])
    .executeTakeFirstOrThrow();
  log(`  average article: ${Math.round(Number(sizes.avg)).toLocaleString('ru-RU')} characters of JSON`);
  return { projectId, admin: owner.token, manager: manager.token, topicIds, postId: Math.floor(Number(sizes.last) / 2) };
}

function scenarios(s: SeededLibrary): Scenario[] {
  const params = { projectId: s.projectId };
  const list = `/api/v1${pathOf(knowledgePostsEndpoints.list, params)}`;
  const search = (text: string, page = 1) =>
    `/api/v1${pathOf(knowledgePostsEndpoints.search, params)}?search=${encodeURIComponent(text)}&page=${page}`;
  const bigTopic = Math.ceil(POSTS / 2 / KNOWLEDGE_POSTS_PER_PAGE);
  const lastSearchPage = KNOWLEDGE_SEARCH_COUNT_CAP / KNOWLEDGE_SEARCH_PER_PAGE;
  const words: [string, string][] = [
    ['substring «ражен»', 'ражен'],
    ['word prefix «пр»', 'пр'],
    ['Cyrillic word «Скидку»', 'Скидку'],
    ['Latin «crm»', 'crm'],
    ['two words «пробный период»', 'пробный период'],
    ['rare code «regl05000»', `regl${String(Math.floor(POSTS / 2)).padStart(5, '0')}`],
    ['no match «ипотека»', 'ипотека'],
  ];
  return [
    { name: 'topic page 1 (half the library)', kind: 'page', url: `${list}?category=${s.topicIds[0]}`, token: s.manager },
    {
      name: `topic page ${Math.ceil(bigTopic / 2)} (deep)`,
      kind: 'page',
      url: `${list}?category=${s.topicIds[0]}&page=${Math.ceil(bigTopic / 2)}`,
      token: s.manager,
    },
    { name: 'small topic page 1', kind: 'page', url: `${list}?category=${s.topicIds[5]}`, token: s.manager },
    { name: 'whole library page 1', kind: 'page', url: list, token: s.manager },
    { name: 'whole library, deep page', kind: 'page', url: `${list}?page=${Math.ceil(POSTS / KNOWLEDGE_POSTS_PER_PAGE / 2)}`, token: s.manager },
    { name: 'topics with counts', kind: 'page', url: `/api/v1${pathOf(knowledgeCategoriesEndpoints.list, params)}`, token: s.manager },
    ...words.map(([name, text]): Scenario => ({ name: `search ${name}`, kind: 'search', url: search(text), token: s.manager })),
    {
      name: `search «ражен», page ${lastSearchPage} (the last)`,
      kind: 'search',
      url: search('ражен', lastSearchPage),
      token: s.manager,
    },
    {
      name: 'one article',
      kind: 'post',
      url: `/api/v1${pathOf(knowledgePostsEndpoints.get, { projectId: s.projectId, id: s.postId })}`,
      token: s.manager,
    },
  ];
}

/**
 * Whether a plan reads every article (the bench has one project: an index bounded by
 * project_id alone under ORDER BY … LIMIT is a walk that stops at the page's end, not a read of
 * all). SQLite: a SCAN of knowledge_posts. PostgreSQL (EXPLAIN ANALYZE): a Seq Scan, or rows
 * touched in knowledge_posts reaching half the library; an index-only scan (a deep page's
 * offset counted in the index, no article read) is not one.
 */
function readsEveryPost(dialect: Dialect, plan: string[]): boolean {
  if (dialect === 'sqlite') return plan.some((line) => /^SCAN (p|knowledge_posts)\b/.test(line.trim()));
  let touched = 0;
  let inPosts = false;
  for (const line of plan) {
    const scan = line.match(/(Scan|Scan Backward) (using \w+ )?on knowledge_posts( \w+)? .*rows=(\d+) loops=(\d+)/);
    if (scan) {
      if (/Seq Scan/.test(line)) return true;
      if (/Index Only Scan/.test(line)) {
        inPosts = false;
        continue;
      }
      inPosts = true;
      touched = Math.max(touched, Number(scan[4]) * Number(scan[5]));
      continue;
    }
    if (/->/.test(line)) inPosts = false;
    const removed = line.match(/Rows Removed by (Filter|Index Recheck): (\d+)/);
    if (inPosts && removed) touched += Number(removed[2]);
  }
  return touched >= POSTS / 2;
}

async function run(dialect: Dialect) {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const { handle, schema } = database;
  try {
    console.log(`\n=== ${dialect}: ${POSTS.toLocaleString('ru-RU')} articles ===`);
    await migrateToLatest(handle.db, collectMigrations(features), schema);
    const app = await buildApp(await benchDeps(handle), features);
    await app.ready();
    const seeded = await seedLibrary(app, handle.db, POSTS, console.log);
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const list = scenarios(seeded);
    console.log(
      `\nLoad average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${RUNS} runs each after ${WARMUP} warm-up runs`,
    );
    const backendPid = () => backendPidOf(handle);
    const head = ['found', 'wall p50', 'wall p95', 'CPU p50', 'CPU p95'].map((h) => h.padStart(9)).join(' ');
    console.log(`\n${'scenario (ms)'.padEnd(44)} ${head}  goal (CPU p95)`);
    const missed: string[] = [];
    for (const scenario of list) {
      const { wall, cpu, total } = await timeRequest(app, scenario, backendPid, { runs: RUNS, warmup: WARMUP });
      const goal = GOALS[scenario.kind];
      const ok = cpu.p95 < goal;
      if (!ok) missed.push(`${scenario.name}: CPU p95 ${cpu.p95.toFixed(2)} ms, goal < ${goal} ms`);
      const figures = [wall.p50, wall.p95, cpu.p50, cpu.p95].map((n) => n.toFixed(2).padStart(9)).join(' ');
      console.log(`${scenario.name.padEnd(44)} ${String(total ?? 1).padStart(9)} ${figures}  < ${goal} ${ok ? 'ok' : 'MISSED'}`);
    }
    await app.close();

    console.log('\nQuery plans:');
    const scans: string[] = [];
    const relevant = (q: { sql: string }) => /knowledge_/.test(q.sql);
    for (const [name, queries] of await captureQueries(database, list, relevant)) {
      console.log(`\n-- ${name}`);
      for (const query of queries) {
        console.log(`   ${query.sql.replace(/\s+/g, ' ')}`);
        const plan = await planOf(handle.db, dialect, query);
        for (const line of plan) console.log(`     ${line}`);
        if (readsEveryPost(dialect, plan)) scans.push(`${name}: ${query.sql.replace(/\s+/g, ' ').slice(0, 90)}…`);
      }
    }
    console.log(scans.length === 0 ? '\nNo plan reads every article.' : `\nREADS EVERY ARTICLE:\n  ${scans.join('\n  ')}`);
    console.log(missed.length === 0 ? 'Every CPU p95 within its goal.' : `Goals missed:\n  ${missed.join('\n  ')}`);
  } finally {
    await handle.close();
    await database.cleanup();
  }
}

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
for (const dialect of dialects) await run(dialect);
