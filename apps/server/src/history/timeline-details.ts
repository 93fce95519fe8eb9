import {
  CALL_OUTCOMES,
  REMINDER_STATUSES,
  timelineReminderEvents,
  type Client,
  type ClientCall,
  type TimelineDetails,
} from '@crm/contract';
import { formatPhone } from '@crm/contract/phone-format';
import type { FormFieldRef } from '../clients/index.js';
import type { HistoryRow } from './history.repository.js';

/** What an entry's details are read with: the project's stages and form, its reminders and messages. */
export type TimelineLookups = {
  stages: Map<number, { name: string; color: string }>;
  form: Map<number, FormFieldRef>;
  reminders: Map<
    number,
    { title: string; status: string; completion_date: string; template_id: number | null }
  >;
  messages: Map<number, { conversation_id: number; content: string; from_admin: number | boolean }>;
};

const amountText = new Intl.NumberFormat('ru-RU');

type Json = Record<string, unknown>;
const json = (text: string | null): Json | null => {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? (value as Json) : null;
};
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const stageOf = (l: TimelineLookups, id: number | null, name: string | null) => {
  const now = id === null ? undefined : l.stages.get(id);
  return { id: id ?? 0, name: name ?? now?.name ?? `#${id ?? ''}`, color: now?.color ?? null };
};

/**
 * Phones as read before: libphonenumber takes a quarter of a millisecond a number, and a page
 * of a client's edits names his few numbers again and again (bench/client-page.ts).
 */
const phones = new Map<string, string>();
export const phoneText = (digits: string) => {
  let text = phones.get(digits);
  if (text === undefined) {
    if (phones.size >= 10_000) phones.clear();
    text = formatPhone(digits);
    phones.set(digits, text);
  }
  return text;
};

/** A form value as people read it: an option's name, a phone grouped, the rest as typed. */
export const valueText = (field: FormFieldRef | undefined, value: string | undefined) => {
  if (value === undefined || value === '') return '';
  if (field?.type === 'select') return field.options.get(value) ?? `#${value}`;
  if (field?.type === 'phone_number') return phoneText(value);
  return value;
};

/**
 * An edit's changes, old → new, from the entry's two states of the client (both whole views): the
 * base values by their labels, each form field by its name now (a field deleted since: 'Поле #id').
 */
export function clientChanges(l: TimelineLookups, before: Client, after: Client) {
  const changes: { label: string; before: string; after: string }[] = [];
  const add = (label: string, from: string, to: string) => {
    if (from !== to) changes.push({ label, before: from, after: to });
  };
  add('Имя', before.name, after.name);
  add('Фамилия', before.last_name, after.last_name);
  add('Сумма', amountText.format(before.amount), amountText.format(after.amount));
  add('Траффик', before.traffic ? 'Да' : 'Нет', after.traffic ? 'Да' : 'Нет');
  add('Менеджер', before.manager.name, after.manager.name);
  const was = new Map(before.fields.map((v) => [v.field_id, v.value]));
  const now = new Map(after.fields.map((v) => [v.field_id, v.value]));
  const ids = [...new Set([...was.keys(), ...now.keys()])];
  // The form's order, then fields deleted since.
  const order = [...l.form.keys()];
  ids.sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9) || a - b);
  for (const id of ids) {
    if (was.get(id) === now.get(id)) continue;
    const field = l.form.get(id);
    add(field?.name ?? `Поле #${id}`, valueText(field, was.get(id)), valueText(field, now.get(id)));
  }
  return changes;
}

const isClient = (v: Json | null): v is Json & Client =>
  v !== null && typeof v.name === 'string' && Array.isArray(v.fields) && typeof v.manager === 'object';

const reminderEvent = (kind: string) => {
  const event = kind.slice('client_reminder.'.length);
  return (timelineReminderEvents as readonly string[]).includes(event)
    ? (event as (typeof timelineReminderEvents)[number])
    : null;
};

const reminderStatus = (s: string | undefined) =>
  s !== undefined && (REMINDER_STATUSES as readonly string[]).includes(s)
    ? (s as (typeof REMINDER_STATUSES)[number])
    : null;

const isCall = (v: Json | null): v is Json & ClientCall =>
  v !== null && typeof v.id === 'number' && (CALL_OUTCOMES as readonly unknown[]).includes(v.outcome);

/** The typed details of one history entry about a client (docs/product.md §4.8, "The client's page"). */
export function timelineDetails(row: HistoryRow, l: TimelineLookups): TimelineDetails {
  const before = json(row.before);
  const after = json(row.after);
  const kind = row.kind;
  if (kind === 'client.created') {
    const id = num(after?.category_id);
    return { type: 'created', stage: id === null ? null : stageOf(l, id, null) };
  }
  if (kind === 'client.updated' && isClient(before) && isClient(after)) {
    return { type: 'changes', changes: clientChanges(l, before, after) };
  }
  if (kind === 'client_category_changed') {
    return {
      type: 'stage',
      from: stageOf(l, num(before?.category_id), str(before?.category)),
      to: stageOf(l, num(after?.category_id), str(after?.category)),
      // Only the scheduler moves without a person (docs/product.md §7.1).
      automatic: row.actor_id === null,
      closing:
        after?.outcome === 'won' || after?.outcome === 'lost'
          ? {
              outcome: after.outcome,
              loss_reason: str(after.loss_reason),
              final_amount: num(after.final_amount),
            }
          : null,
    };
  }
  if (kind === 'client_note.created') return { type: 'note', text: str(after?.note) ?? '' };
  if (kind.startsWith('client_reminder.') && row.subject_id !== null) {
    const event = reminderEvent(kind);
    if (event !== null) {
      const now = l.reminders.get(row.subject_id);
      const rescheduled = event === 'rescheduled';
      return {
        type: 'reminder',
        reminder_id: row.subject_id,
        event,
        title: now?.title ?? str(after?.title),
        status: reminderStatus(now?.status),
        completion_date: rescheduled
          ? str(after?.completion_date)
          : (now?.completion_date ?? str(after?.completion_date)),
        previous_completion_date: rescheduled ? str(before?.completion_date) : null,
        by_scenario: (now?.template_id ?? num(after?.template_id)) !== null,
      };
    }
  }
  if (kind === 'conversation.message_sent' && row.subject_id !== null) {
    const id = num(after?.message_id);
    const message = id === null ? undefined : l.messages.get(id);
    return {
      type: 'message',
      conversation_id: row.subject_id,
      text: message?.content ?? null,
      from_admin: message ? Boolean(Number(message.from_admin)) : false,
    };
  }
  if (kind === 'client_call.logged' && isCall(after)) return { type: 'call', call: after };
  if ((kind === 'client_import.finished' || kind === 'client_import.undone') && row.subject_id !== null) {
    return { type: 'import', import_id: row.subject_id };
  }
  if (kind === 'client.merged') {
    const merged = before?.merged as Json | undefined;
    const id = num(merged?.id);
    if (id !== null) {
      return {
        type: 'merge',
        other: { id, name: `${str(merged?.name) ?? ''} ${str(merged?.last_name) ?? ''}`.trim() },
      };
    }
  }
  return { type: 'other' };
}

/** The ids an entry's details look up: its reminder, its message. */
export function idsToLookUp(rows: readonly HistoryRow[]) {
  const reminders = new Set<number>();
  const messages = new Set<number>();
  for (const row of rows) {
    if (row.kind.startsWith('client_reminder.') && row.subject_id !== null) reminders.add(row.subject_id);
    if (row.kind === 'conversation.message_sent') {
      const id = num(json(row.after)?.message_id);
      if (id !== null) messages.add(id);
    }
  }
  return { reminders: [...reminders], messages: [...messages] };
}
