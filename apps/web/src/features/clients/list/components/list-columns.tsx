import { CLIENT_LIST_COLUMN_TITLES, type Client, type ClientListColumn, type FormGroup } from '@crm/contract';
import type { ReactNode } from 'react';
import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';
import styles from './client-list.module.css';

export const DEFAULT_COLUMNS: ClientListColumn[] = [
  'name',
  'last_name',
  'category',
  'manager',
  'amount',
  'created_at',
];

/** What a cell needs besides the client: the stages and the form (a select's options by name). */
export type CellContext = { categories: Map<number, ClientCategoryRef>; groups: readonly FormGroup[] };

export type ListColumn = { key: ClientListColumn; title: string; render: (client: Client) => ReactNode };

const fieldsOf = (groups: readonly FormGroup[]) => groups.flatMap((g) => g.fields);

/** Every column a list may show: the client's own, then each form field in the form's order. */
export const allColumns = (ctx: CellContext): ListColumn[] => {
  const base = (Object.keys(CLIENT_LIST_COLUMN_TITLES) as (keyof typeof CLIENT_LIST_COLUMN_TITLES)[]).map(
    (key): ListColumn => ({ key, title: CLIENT_LIST_COLUMN_TITLES[key], render: baseCell(key, ctx) }),
  );
  const fields = fieldsOf(ctx.groups).map((field): ListColumn => {
    const options = new Map(field.options.map((o) => [String(o.id), o.name]));
    return {
      key: `field:${field.id}`,
      title: field.name,
      render: (client) => {
        const value = client.fields.find((v) => v.field_id === field.id)?.value ?? '';
        return field.type === 'select' ? (options.get(value) ?? '') : value;
      },
    };
  });
  return [...base, ...fields];
};

const baseCell = (key: keyof typeof CLIENT_LIST_COLUMN_TITLES, ctx: CellContext) => (client: Client) => {
  switch (key) {
    case 'name':
      return client.name;
    case 'last_name':
      return client.last_name;
    case 'category': {
      const category = ctx.categories.get(client.category_id);
      return (
        <span className={styles.category}>
          <span
            className={styles.dot}
            style={{ background: `#${category?.color ?? 'AC8BE5'}` }}
            aria-hidden="true"
          />
          {category?.name ?? ''}
        </span>
      );
    }
    case 'manager':
      return client.manager.name;
    case 'amount':
      return formatNumber(client.amount);
    case 'traffic':
      return client.traffic ? 'Траффик' : 'Фарм';
    case 'created_at':
      return formatDateTime(client.created_at);
    case 'updated_at':
      return formatDateTime(client.updated_at);
  }
};

/** The columns a view names that still exist (a field deleted since is dropped), in its order. */
export const shownColumns = (names: readonly string[], all: ListColumn[]) => {
  const byKey = new Map(all.map((c) => [c.key as string, c]));
  const shown = names.flatMap((name) => byKey.get(name) ?? []);
  return shown.length > 0 ? shown : all.filter((c) => DEFAULT_COLUMNS.includes(c.key));
};
