import { historyStamp } from './history-days';

/**
 * An entry's `before` and `after` (whatever JSON the feature wrote) as rows people can read:
 * for a change only what differs, for a creation or a deletion what was written.
 */

/** A value shown in one line; longer ones fold (the whole JSON on demand). */
export const SHORT_VALUE = 80;

export type ShownValue = { text: string; full: string | null };

export type ChangeRow = {
  key: string;
  label: string;
  /** Absent: that side has no such key (a creation has no `before`). */
  before?: ShownValue;
  after?: ShownValue;
};

/** Written on every save: not a change anyone made. */
const NOISE = new Set(['updated_at']);

/** Russian names of the keys the features write most; any other key is shown as it is. */
const LABELS: Record<string, string> = {
  last_name: 'Фамилия',
  amount: 'Сумма',
  traffic: 'Траффик',
  category: 'Категория',
  category_id: 'Категория, id',
  manager: 'Менеджер',
  manager_id: 'Менеджер, id',
  fields: 'Поля формы',
  color: 'Цвет',
  duration: 'Длительность, с',
  next_category_id: 'Следующая категория, id',
  title: 'Заголовок',
  status: 'Статус',
  completion_date: 'Срок',
  remind_before: 'Напомнить за',
  description: 'Описание',
  comments: 'Комментарии',
  tasks: 'Чек-лист',
  note: 'Заметка',
  value: 'Значение',
  field_id: 'Поле, id',
  email: 'Почта',
  role: 'Роль',
  timezone: 'Часовой пояс',
  client_id: 'Клиент, id',
  created_at: 'Создано',
  category_entered_at: 'В категории с',
  status_changed_at: 'Статус изменён',
  deleted_at: 'Удалено',
};

/** 'name' is a person's for people and clients, a title for everything else. */
export const labelOf = (key: string, subjectType: string) =>
  key === 'name'
    ? subjectType === 'client' || subjectType === 'user'
      ? 'Имя'
      : 'Название'
    : (LABELS[key] ?? key);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A moment as the API writes it ('2026-11-24T05:36:27.564Z'). */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A reference to a person or a thing ({id, name}): its name says it. */
const nameOf = (value: Record<string, unknown>) => {
  const keys = Object.keys(value);
  if (typeof value.name !== 'string' || !keys.every((k) => ['id', 'name', 'last_name'].includes(k)))
    return null;
  return typeof value.last_name === 'string' ? `${value.name} ${value.last_name}` : value.name;
};

/** One value in a line: moments in the project's zone, references by name, the rest as JSON. */
export const showValue = (value: unknown, zone: string): ShownValue => {
  if (value === null || value === undefined || value === '') return { text: '—', full: null };
  if (typeof value === 'boolean') return { text: value ? 'да' : 'нет', full: null };
  if (typeof value === 'string' && MOMENT.test(value))
    return { text: historyStamp(value, zone).stamp, full: null };
  if (isRecord(value) && nameOf(value) !== null) return showValue(nameOf(value), zone);
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    return text.length > SHORT_VALUE
      ? { text: `${text.slice(0, SHORT_VALUE)}…`, full: text }
      : { text, full: null };
  }
  const compact = JSON.stringify(value);
  return compact.length > SHORT_VALUE
    ? { text: `${compact.slice(0, SHORT_VALUE)}…`, full: JSON.stringify(value, null, 2) }
    : { text: compact, full: null };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The rows to show; none when the two sides differ only in noise (or there is nothing). */
export const changeRows = (
  before: unknown,
  after: unknown,
  subjectType: string,
  zone: string,
): ChangeRow[] => {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    // A list or a single value: one row, whole.
    if (hasBefore && hasAfter && same(before, after)) return [];
    return [
      {
        key: '',
        label: 'Значение',
        ...(hasBefore ? { before: showValue(before, zone) } : {}),
        ...(hasAfter ? { after: showValue(after, zone) } : {}),
      },
    ];
  }
  const was = hasBefore ? (before as Record<string, unknown>) : null;
  const now = hasAfter ? (after as Record<string, unknown>) : null;
  const keys = [...new Set([...Object.keys(now ?? {}), ...Object.keys(was ?? {})])];
  const rows: ChangeRow[] = [];
  for (const key of keys) {
    if (NOISE.has(key)) continue;
    const inBefore = was !== null && key in was;
    const inAfter = now !== null && key in now;
    if (was && now && same(was[key], now[key])) continue;
    rows.push({
      key,
      label: labelOf(key, subjectType),
      ...(inBefore ? { before: showValue(was[key], zone) } : {}),
      ...(inAfter ? { after: showValue(now[key], zone) } : {}),
    });
  }
  return rows;
};
