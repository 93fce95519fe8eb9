import { callOutcomeLabels, CALL_OUTCOMES, type CallOutcome } from '@crm/contract';
import type { Db } from '../../db/database.js';
import { callDurationText } from './calls.service.js';
import './calls.tables.js';
import '../notes/notes.tables.js';

const comments: Partial<Record<CallOutcome, string[]>> = {
  reached: [
    'Обсудили условия, ждёт предложение на почту.',
    'Договорились о презентации в четверг.',
    'Уточнил сроки поставки, всё устраивает.',
    '',
  ],
  no_answer: ['', 'Отправил сообщение в мессенджер.'],
  busy: [''],
  call_back: ['Просил перезвонить после обеда.', 'Перезвонить в понедельник утром.'],
  wrong_number: ['Номер не принадлежит клиенту, уточнить по почте.'],
};

const HOUR = 3600_000;

/**
 * The demo clients' timelines (docs/product.md §4.8, "The client's page"): each client's arrival,
 * his notes and a few logged calls, as history entries written as the actions would write them.
 * The demo's clients and notes are inserted without them, so this is the one place they appear.
 */
export async function seedTimelineDemo(
  db: Db,
  projectId: number,
  now: number,
  next: () => number,
): Promise<void> {
  const [clients, categories, users, notes] = await Promise.all([
    db
      .selectFrom('clients')
      .select(['id', 'name', 'last_name', 'manager_id', 'category_id', 'created_at'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
    db.selectFrom('client_categories').select(['id', 'name']).where('project_id', '=', projectId).execute(),
    db.selectFrom('users').select(['id', 'name']).execute(),
    db
      .selectFrom('client_notes')
      .select(['id', 'client_id', 'author_id', 'note', 'created_at'])
      .where('project_id', '=', projectId)
      .execute(),
  ]);
  const stage = new Map(categories.map((c) => [c.id, c.name]));
  const person = new Map(users.map((u) => [u.id, u.name]));
  const byId = new Map(clients.map((c) => [c.id, c]));
  const full = (c: { name: string; last_name: string }) => `«${c.name} ${c.last_name}»`;
  const entry = (clientId: number, actorId: number, kind: string, subject: [string, number], at: string) => ({
    project_id: projectId,
    actor_id: actorId,
    impersonator_id: null,
    kind,
    subject_type: subject[0],
    subject_id: subject[1],
    client_id: clientId,
    before: null,
    created_at: at,
  });

  const calls = clients.flatMap((c) => {
    if (next() >= 0.4) return [];
    const created = new Date(c.created_at).getTime();
    return Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const outcome = CALL_OUTCOMES[Math.floor(next() * CALL_OUTCOMES.length)]!;
      const said = comments[outcome] ?? [''];
      const at = new Date(
        created + HOUR + Math.floor(next() * Math.max(0, now - created - HOUR)),
      ).toISOString();
      return {
        project_id: projectId,
        client_id: c.id,
        author_id: c.manager_id,
        outcome,
        duration: outcome === 'reached' || outcome === 'call_back' ? 30 + Math.floor(next() * 900) : 0,
        comment: said[Math.floor(next() * said.length)] ?? '',
        called_at: at,
        created_at: at,
      };
    });
  });
  const callIds =
    calls.length === 0 ? [] : await db.insertInto('client_calls').values(calls).returning('id').execute();

  const rows = [
    ...clients.map((c) => ({
      ...entry(c.id, c.manager_id, 'client.created', ['client', c.id], c.created_at),
      message: `Добавлен клиент ${full(c)} в категорию «${stage.get(c.category_id) ?? ''}», менеджер ${person.get(c.manager_id) ?? ''}`,
      after: JSON.stringify({ id: c.id, name: c.name, last_name: c.last_name, category_id: c.category_id }),
    })),
    ...notes.flatMap((n) => {
      const c = byId.get(n.client_id);
      if (!c) return [];
      const line = n.note.replace(/\s+/g, ' ');
      return [
        {
          ...entry(c.id, n.author_id, 'client_note.created', ['client', c.id], n.created_at),
          message: `Добавлена заметка к клиенту ${full(c)}: «${line.length > 200 ? `${line.slice(0, 200)}…` : line}»`,
          after: JSON.stringify({
            id: n.id,
            note: n.note,
            author: { id: n.author_id, name: person.get(n.author_id) ?? '' },
            created_at: n.created_at,
          }),
        },
      ];
    }),
    ...calls.map((call, i) => {
      const c = byId.get(call.client_id)!;
      const id = callIds[i]!.id;
      const lasted = call.duration > 0 ? `, ${callDurationText(call.duration)}` : '';
      const said = call.comment === '' ? '' : `: «${call.comment}»`;
      return {
        ...entry(c.id, call.author_id, 'client_call.logged', ['client_call', id], call.called_at),
        message: `Звонок клиенту ${full(c)} — ${callOutcomeLabels[call.outcome].toLowerCase()}${lasted}${said}`,
        after: JSON.stringify({
          id,
          client_id: c.id,
          outcome: call.outcome,
          duration: call.duration,
          comment: call.comment,
          author: { id: call.author_id, name: person.get(call.author_id) ?? '' },
          called_at: call.called_at,
          created_at: call.created_at,
        }),
      };
    }),
  ];
  // In batches: SQLite binds at most 32 766 values a statement.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('history_events')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
