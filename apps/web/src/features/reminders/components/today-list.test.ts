import type { ReminderListItem } from '@crm/contract';
import { describe, expect, it } from 'vitest';
import { periodTitle } from './calendar-toolbar';
import { groupByPartOfDay } from './today-list';
import { todayCounts } from './today-summary';

const item = (
  id: number,
  completion_date: string,
  status: ReminderListItem['status'] = 'pending',
): ReminderListItem => ({
  id,
  title: `Напоминание ${id}`,
  status,
  completion_date,
  rescheduled: false,
  tasks_total: 0,
  tasks_done: 0,
  all_tasks_completed: false,
  client: { id: 1, name: 'Иван', last_name: 'Петров', category_id: 1 },
  manager: { id: 1, name: 'Мария' },
  template_id: null,
});

describe("today's list", () => {
  it('groups by the part of the project day, earliest first', () => {
    const groups = groupByPartOfDay(
      [
        item(3, '2026-11-24T16:00:00Z'), // 19:00 Moscow
        item(1, '2026-11-24T05:30:00Z'), // 08:30
        item(2, '2026-11-24T09:00:00Z'), // 12:00
        item(4, '2026-11-24T08:59:00Z'), // 11:59
      ],
      'Europe/Moscow',
    );
    expect(groups.map((g) => [g.title, g.items.map((r) => r.id)])).toEqual([
      ['Утро', [1, 4]],
      ['День', [2]],
      ['Вечер', [3]],
    ]);
  });

  it('counts all, active, done and overdue', () => {
    const list = [item(1, 'x', 'completed'), item(2, 'x', 'expired'), item(3, 'x'), item(4, 'x', 'canceled')];
    expect(todayCounts(list)).toEqual({ total: 4, completed: 1, expired: 1, pending: 1 });
  });
});

describe('calendar title', () => {
  it('names the period in Russian', () => {
    expect(periodTitle({ period: 'month', date: '2026-11-01' })).toBe('Ноябрь 2026');
    expect(periodTitle({ period: 'week', date: '2026-11-23' })).toBe('23 – 29 ноября 2026');
    expect(periodTitle({ period: 'week', date: '2026-11-30' })).toBe('30 ноября – 6 декабря 2026');
    expect(periodTitle({ period: 'week', date: '2026-12-28' })).toBe('28 декабря 2026 – 3 января 2027');
    expect(periodTitle({ period: 'day', date: '2026-11-24' })).toBe('24 ноября 2026');
  });
});
