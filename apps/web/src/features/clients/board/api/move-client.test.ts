import { describe, expect, it } from 'vitest';
import type { Client } from '@crm/contract';
import { insertIntoColumn, removeFromColumn, type ClientsColumn } from './move-client';

const client = (id: number, created_at: string, category_id = 1): Client => ({
  id,
  name: `Имя${id}`,
  last_name: 'Фамилия',
  amount: 0,
  traffic: false,
  category_id,
  manager_id: 1,
  manager: { id: 1, name: 'Менеджер' },
  fields: [],
  category_entered_at: created_at,
  created_at,
  updated_at: created_at,
});

/** Pages of `perPage`, newest first, as GET /clients answers them; `loaded` of them read. */
const column = (clients: Client[], perPage: number, loaded: number): ClientsColumn => {
  const lastPage = Math.max(1, Math.ceil(clients.length / perPage));
  const pages = Array.from({ length: loaded }, (_, i) => ({
    data: clients.slice(i * perPage, (i + 1) * perPage),
    current_page: i + 1,
    last_page: lastPage,
    per_page: perPage,
    total: clients.length,
  }));
  return { pages, pageParams: pages.map((p) => p.current_page) };
};

const ids = (c: ClientsColumn) => c.pages.flatMap((p) => p.data.map((x) => x.id));
const totals = (c: ClientsColumn) => c.pages.map((p) => p.total);

describe('removeFromColumn', () => {
  it('takes the client out and counts one fewer on every page', () => {
    const col = column([client(3, '2026-11-03'), client(2, '2026-11-02'), client(1, '2026-11-01')], 2, 2);
    const out = removeFromColumn(col, 2);
    expect(ids(out)).toEqual([3, 1]);
    expect(totals(out)).toEqual([2, 2]);
  });

  it('leaves a column without the client as it is', () => {
    const col = column([client(3, '2026-11-03')], 2, 1);
    expect(removeFromColumn(col, 9)).toBe(col);
  });
});

describe('insertIntoColumn', () => {
  it('puts the client in its place, newest first, and counts one more', () => {
    const col = column([client(5, '2026-11-05'), client(3, '2026-11-03'), client(1, '2026-11-01')], 2, 2);
    const out = insertIntoColumn(col, client(4, '2026-11-04', 2));
    expect(ids(out)).toEqual([5, 4, 3, 1]);
    expect(totals(out)).toEqual([4, 4]);
  });

  it('orders clients created at the same time by id, as the server does', () => {
    const col = column([client(7, '2026-11-05'), client(2, '2026-11-05')], 5, 1);
    expect(ids(insertIntoColumn(col, client(4, '2026-11-05')))).toEqual([7, 4, 2]);
  });

  it('only counts a client older than every loaded one while pages remain unread', () => {
    const col = column([client(5, '2026-11-05'), client(4, '2026-11-04'), client(3, '2026-11-03')], 2, 1);
    const out = insertIntoColumn(col, client(1, '2026-11-01'));
    expect(ids(out)).toEqual([5, 4]);
    expect(totals(out)).toEqual([4]);
  });

  it('appends the oldest client when every page is loaded', () => {
    const col = column([client(5, '2026-11-05')], 2, 1);
    expect(ids(insertIntoColumn(col, client(1, '2026-11-01')))).toEqual([5, 1]);
  });

  it('does not change the column it was given', () => {
    const col = column([client(5, '2026-11-05')], 2, 1);
    insertIntoColumn(col, client(6, '2026-11-06'));
    expect(ids(col)).toEqual([5]);
    expect(totals(col)).toEqual([1]);
  });
});
