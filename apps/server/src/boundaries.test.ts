import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './db/database.js';
import { collectMigrations } from './db/migrations/index.js';
import { features } from './features.js';

/**
 * A feature owns its tables (docs/architecture.md "Boundaries"): its SQL names only them and the
 * shared ones; another feature's data comes through what the owner exports from its index.ts, or
 * through events. This test reads every server source file and fails on SQL that names a table of
 * another feature, unless the pair is declared below.
 */

const SRC = new URL('.', import.meta.url).pathname;

/** Who owns each table. Shared tables (people, projects, membership, the history) belong to no feature. */
const SHARED = ['users', 'projects', 'project_members', 'access_tokens', 'history_events', 'job_leases'];
const OWNERS: Record<string, string[]> = {
  accounts: ['login_failures', 'oauth_states', 'email_verifications', 'password_resets'],
  team: ['invitations'],
  statuses: ['statuses', 'status_goals'],
  clients: [
    'client_categories',
    'clues',
    'loss_reasons',
    'client_form_groups',
    'client_form_fields',
    'client_form_field_options',
    'clients',
    'client_field_values',
    'client_notes',
    'client_calls',
    'clients_search',
    'client_contacts',
    'client_imports',
    'client_import_chunks',
    'client_import_changes',
    'client_import_errors',
    'client_views',
    'client_bulk_actions',
    'client_bulk_items',
    'client_stage_totals',
    'client_total_changes',
  ],
  knowledge: ['knowledge_categories', 'knowledge_posts', 'knowledge_search'],
  notifications: ['notifications'],
  reminders: [
    'client_reminders',
    'client_reminder_tasks',
    'client_reminder_posts',
    'reminder_templates',
    'reminder_template_posts',
  ],
  ai: [
    'ai_chats',
    'ai_chat_messages',
    'ai_chat_answers',
    'ai_question_groups',
    'ai_questions',
    'ai_question_options',
    'ai_prompts',
    'ai_prompt_questions',
  ],
  conversations: ['conversations', 'conversation_messages', 'conversation_reads'],
  statistics: ['client_stage_stays'],
  integrations: ['api_keys', 'webhooks', 'webhook_deliveries', 'lead_forms'],
  telegram: ['telegram_bots', 'telegram_updates', 'telegram_chats', 'client_messages', 'client_threads', 'client_thread_reads', 'client_message_files', 'telegram_link_codes', 'telegram_member_links', 'telegram_notices'],
};

/**
 * Deliberate readers: features whose work is to read others' data in bulk, where going through
 * exports would cost what the page is measured by. Each says why; they read, never write.
 */
const READERS: Record<string, Record<string, string>> = {
  history: {
    clients: "a manager's history is the entries about his clients: one index-only subquery per page",
  },
  statistics: {
    clients: 'counts clients per stage and manager over 100 000 clients (bench:statistics)',
    client_reminders: 'reminders done and missed per period, counted in the database',
    statuses: "each manager's status and its goals, for the goals table",
    status_goals: "each manager's status and its goals, for the goals table",
  },
  telegram: {
    clients: "the inbox: a manager's conversations are his clients', one join per page (bench:inbox)",
  },
};

/**
 * Reads across the boundary not yet behind the owner's exports, feature → table → how many places,
 * should one ever be let in for a while: the count may only go down. None today.
 */
const KNOWN: Record<string, Record<string, number>> = {};

const ownerOf = new Map(
  Object.entries(OWNERS).flatMap(([feature, tables]) => tables.map((t) => [t, feature])),
);

/** Table names in Kysely calls and in raw SQL templates. */
const TABLE_IN_KYSELY =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*['"`]([a-z_]+)(?:\s+as\s+[a-z_]+)?['"`]/g;
const TABLE_IN_SQL = /\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'migrations' || entry.name === 'test' ? [] : sourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !/\.(test|fixtures|demo)\.ts$/.test(entry.name);
    return isSource ? [path] : [];
  });

/** Each table a file names, with how many times. */
const tablesIn = (text: string): string[] => {
  const found: string[] = [];
  for (const match of text.matchAll(TABLE_IN_KYSELY)) found.push(match[1]!);
  for (const block of text.matchAll(/sql(?:<[^>]*>)?`([^`]*)`/g)) {
    for (const match of block[1]!.matchAll(TABLE_IN_SQL)) found.push(match[1]!.toLowerCase());
  }
  return found.filter((table) => ownerOf.has(table) || SHARED.includes(table));
};

/** feature → table → count, for SQL naming a table the feature does not own. */
export const crossFeatureSql = () => {
  const out: Record<string, Record<string, number>> = {};
  for (const feature of features.map((f) => f.name)) {
    const dir = join(SRC, feature === 'live' ? 'realtime' : feature);
    for (const file of sourceFiles(dir)) {
      for (const table of tablesIn(readFileSync(file, 'utf8'))) {
        const owner = ownerOf.get(table);
        if (owner === undefined || owner === feature || READERS[feature]?.[table] !== undefined) continue;
        out[feature] ??= {};
        out[feature][table] = (out[feature][table] ?? 0) + 1;
      }
    }
  }
  return out;
};

describe('feature boundaries: a feature’s SQL names only its own tables and the shared ones', () => {
  it('finds no new read or write across the boundary', () => {
    const found = crossFeatureSql();
    const grown: string[] = [];
    for (const [feature, tables] of Object.entries(found)) {
      for (const [table, count] of Object.entries(tables)) {
        const allowed = KNOWN[feature]?.[table] ?? 0;
        if (count > allowed)
          grown.push(`${feature} → ${table} (${ownerOf.get(table)}): ${count}, allowed ${allowed}`);
      }
    }
    expect(grown, 'SQL across a feature boundary: use what the owner exports from its index.ts').toEqual([]);
  });

  it('knows every table the migrations create', async () => {
    // Read from a migrated database, not from the migrations' text: a migration may create
    // tables in a loop or under a computed name (SQLite's full-text tables count, their shadow
    // tables do not).
    const { db, close } = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(db, collectMigrations(features));
      const { rows } = await sql<{ name: string }>`
        select name from pragma_table_list
        where schema = 'main' and type in ('table', 'virtual')
          and name not like 'sqlite_%' and name not like 'kysely_%'
      `.execute(db);
      const unknown = rows.map((r) => r.name).filter((t) => !ownerOf.has(t) && !SHARED.includes(t));
      expect(unknown, relative(SRC, 'boundaries.test.ts')).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('SQL lives in repositories', () => {
  // docs/architecture.md: SQL goes in the feature's repository (and its migrations).
  it('finds no feature file with SQL outside its repository', () => {
    const holding: string[] = [];
    for (const feature of features.map((f) => f.name)) {
      const dir = join(SRC, feature === 'live' ? 'realtime' : feature);
      for (const file of sourceFiles(dir)) {
        if (file.endsWith('.repository.ts')) continue;
        const text = readFileSync(file, 'utf8');
        if (/\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(text))
          holding.push(relative(SRC, file));
      }
    }
    expect(holding).toEqual([]);
  });
});
