import type { HistoryEntry } from '@crm/contract';
import { describe, expect, it } from 'vitest';
import { changeRows, showValue, SHORT_VALUE } from './history-changes';
import { groupByDay, historyStamp } from './history-days';
import { hasHistoryFilters, readHistoryParams, toHistoryFilters } from './history-params';

const entry = (id: number, created_at: string): HistoryEntry => ({
  id,
  kind: 'client.created',
  subject_type: 'client',
  subject_id: 1,
  client_id: 1,
  actor: { id: 1, name: 'Анна' },
  impersonator: null,
  message: `Запись ${id}`,
  before: null,
  after: null,
  created_at,
});

describe('history days', () => {
  it("stamps a moment on the project's wall clock", () => {
    // 21:30 UTC is already the next day in Moscow.
    expect(historyStamp('2026-11-22T21:30:00Z', 'Europe/Moscow')).toEqual({
      date: '2026-11-23',
      stamp: '23.11.2026 00:30',
    });
  });

  it("groups newest-first entries under the project's days, each id once", () => {
    const days = groupByDay(
      [
        entry(4, '2026-11-23T10:00:00Z'),
        entry(3, '2026-11-22T21:30:00Z'), // 23 Nov in Moscow
        entry(3, '2026-11-22T21:30:00Z'), // a refetched page repeating an entry
        entry(2, '2026-11-22T12:00:00Z'),
        entry(1, '2026-11-20T12:00:00Z'),
      ],
      'Europe/Moscow',
    );
    expect(days.map((d) => [d.date, d.entries.map((e) => e.entry.id)])).toEqual([
      ['2026-11-23', [4, 3]],
      ['2026-11-22', [2]],
      ['2026-11-20', [1]],
    ]);
  });
});

const Z = 'Europe/Moscow';

describe('history changes', () => {
  it('shows only what differs between two objects, in Russian where known', () => {
    const rows = changeRows(
      { category_id: 4, category: 'Думает', updated_at: 'a' },
      { category_id: 5, category: 'Сделка', updated_at: 'b' },
      'client',
      Z,
    );
    expect(rows.map((r) => [r.label, r.before?.text, r.after?.text])).toEqual([
      ['Категория, id', '4', '5'],
      ['Категория', 'Думает', 'Сделка'],
    ]);
  });

  it("lists a creation's data, with 'name' as a person's or a title's", () => {
    expect(changeRows(null, { name: 'Иван', traffic: true }, 'client', Z)).toEqual([
      { key: 'name', label: 'Имя', after: { text: 'Иван', full: null } },
      { key: 'traffic', label: 'Траффик', after: { text: 'да', full: null } },
    ]);
    expect(changeRows({ name: 'Новые' }, null, 'client_category', Z)[0]).toMatchObject({
      label: 'Название',
      before: { text: 'Новые' },
    });
  });

  it('keeps lists and single values whole, and nothing when nothing changed', () => {
    expect(changeRows(['a'], ['b'], 'client_form', Z)).toHaveLength(1);
    expect(changeRows({ updated_at: 'a' }, { updated_at: 'b' }, 'client', Z)).toEqual([]);
    expect(changeRows(null, null, 'client', Z)).toEqual([]);
  });

  it('folds a long value: its start in line, the whole JSON on demand', () => {
    const long = { fields: Array.from({ length: 20 }, (_, i) => ({ field_id: i, value: 'значение' })) };
    const shown = showValue(long, Z);
    expect(shown.text).toHaveLength(SHORT_VALUE + 1);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(JSON.parse(shown.full ?? '')).toEqual(long);
    expect(showValue(null, Z)).toEqual({ text: '—', full: null });
  });

  it("shows moments on the project's clock and references by their names", () => {
    expect(showValue('2026-11-24T05:36:27.564Z', Z).text).toBe('24.11.2026 08:36');
    expect(showValue({ id: 3, name: 'Мария Менеджерова' }, Z).text).toBe('Мария Менеджерова');
    expect(showValue({ id: 3, name: 'Иван', last_name: 'Петров' }, Z).text).toBe('Иван Петров');
    expect(showValue({ id: 3, name: 'Поле', type: 'text' }, Z).text).toBe(
      '{"id":3,"name":"Поле","type":"text"}',
    );
  });
});

describe('history filters in the address', () => {
  it('reads only what the API would accept', () => {
    const params = readHistoryParams(
      new URLSearchParams('user_id=12&subject_type=secret&from=2026-11-01&to=01.11.2026'),
    );
    expect(params).toEqual({ user_id: '12', subject_type: '', from: '2026-11-01', to: '' });
    expect(hasHistoryFilters(params)).toBe(true);
    expect(hasHistoryFilters(readHistoryParams(new URLSearchParams('page=2')))).toBe(false);
  });

  it('sends only what is set, and no end before the start', () => {
    expect(
      toHistoryFilters({ user_id: '', subject_type: 'client', from: '2026-11-10', to: '2026-11-20' }),
    ).toEqual({ subject_type: 'client', from: '2026-11-10', to: '2026-11-20' });
    expect(
      toHistoryFilters({ user_id: '3', subject_type: '', from: '2026-11-20', to: '2026-11-10' }),
    ).toEqual({
      user_id: '3',
      from: '2026-11-20',
    });
  });
});
