import { useState, type FormEvent } from 'react';
import { zonedToUtcIso, type ClientBulkBody, type ClientListFilters } from '@crm/contract';
import { useClosingMove } from '@/features/clients/categories/components/closing-dialog';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import { EXPORT_FAILED, exportClients } from '@/features/clients/export/api/export-clients';
import { errorToastMessage } from '@/lib/api-error';
import { useMembers } from '@/features/team';
import { formatNumber } from '@/lib/numbers';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { useConfirm } from '@/ui/modal';
import { Select } from '@/ui/select';
import { toast } from '@/ui/toasts';
import { useStartBulk } from '@/features/clients/list/api/client-bulk';
import styles from './client-list.module.css';

type Action = 'move' | 'reassign' | 'reminder' | 'export' | 'delete';

type BulkBarProps = {
  projectId: number;
  isAdmin: boolean;
  categories: (ClientCategoryRef & { outcome?: 'won' | 'lost' | null })[];
  /** The chosen clients, or every match of `filters`. */
  selection: { ids: number[]; all: boolean };
  total: number | null;
  filters: ClientListFilters;
  onSelectAll: () => void;
  onClear: () => void;
};

/** A count of clients in Russian: 'клиент' after 1, 'клиента' after 2–4, 'клиентов' after 5+. */
const clients = (n: number, forms: [string, string, string]) => {
  const tens = n % 100;
  const ones = n % 10;
  const form =
    tens >= 11 && tens <= 14
      ? forms[2]
      : ones === 1
        ? forms[0]
        : ones >= 2 && ones <= 4
          ? forms[1]
          : forms[2];
  return `${formatNumber(n)} ${form}`;
};
/** 'Готово: 3 клиента'. */
const named = (n: number) => clients(n, ['клиент', 'клиента', 'клиентов']);
/** 'для 3 клиентов', 'Удалить 3 клиентов'. */
const ofThem = (n: number) => clients(n, ['клиента', 'клиентов', 'клиентов']);

/**
 * The bar over the list while clients are chosen (docs/product.md §4.8 "Bulk actions"): how many,
 * 'Выбрать все N' for every match, and one action for them all in one request — move, reassign
 * (admins), a reminder for each, export, delete (admins, after a question naming the count).
 */
export const BulkBar = ({
  projectId,
  isAdmin,
  categories,
  selection,
  total,
  filters,
  onSelectAll,
  onClear,
}: BulkBarProps) => {
  const start = useStartBulk(projectId);
  const zone = useProjectTimeZone();
  const confirm = useConfirm();
  const managers = useMembers(projectId, undefined, isAdmin);
  const [action, setAction] = useState<Action>('move');
  const [categoryId, setCategoryId] = useState<number | null>(categories[0]?.id ?? null);
  const [managerId, setManagerId] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [exporting, setExporting] = useState(false);
  const count = selection.all ? (total ?? 0) : selection.ids.length;
  const target = selection.all ? { all: true as const, filters } : { ids: selection.ids };
  const closingMove = useClosingMove(projectId);

  const run = async (body: ClientBulkBody) => {
    const bulk = await start.mutateAsync(body);
    if (bulk.status === 'running') toast.info(`Действие запущено для ${ofThem(bulk.total)}`);
    else toast.success(`Готово: ${named(bulk.done)}`);
    onClear();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action === 'export') {
      // The chosen clients by number, or every match of the filters; in the list's order.
      const chosen = selection.all ? {} : { ids: selection.ids.join(',') };
      setExporting(true);
      await exportClients(projectId, { ...filters, ...chosen, format })
        .catch((error: unknown) => toast.error(errorToastMessage(error, EXPORT_FAILED)))
        .finally(() => setExporting(false));
      return;
    }
    if (action === 'delete') {
      await confirm({
        message: `Удалить ${ofThem(count)}?`,
        hint: 'Вместе с клиентами удалятся их заметки и напоминания. Это действие нельзя отменить.',
        onAgree: () => run({ action: 'delete', ...target }),
      });
      return;
    }
    const stage = categories.find((c) => c.id === categoryId);
    // Into 'Отказ' the reason is asked as for one client: a reason of the list, or 'Другое' with
    // a text (the same dialog, docs/product.md §4.6); into 'Успех' at once (one final amount for
    // many clients would be no one's).
    if (action === 'move' && stage && stage.outcome === 'lost')
      closingMove({ name: named(count), amount: 0 }, { ...stage, outcome: 'lost' }, (closing) =>
        run({ action: 'move', category_id: stage.id, ...closing, ...target }),
      );
    else if (action === 'move' && stage) await run({ action: 'move', category_id: stage.id, ...target });
    if (action === 'reassign' && managerId !== null)
      await run({ action: 'reassign', manager_id: managerId, ...target });
    if (action === 'reminder')
      await run({
        action: 'reminder',
        // The day and time as the project's clock reads them, as every reminder's are.
        reminder: { title, completion_date: zonedToUtcIso(due.slice(0, 10), due.slice(11, 16), zone) ?? '' },
        ...target,
      });
  };

  const ready =
    (action === 'move' && categoryId !== null) ||
    (action === 'reassign' && managerId !== null) ||
    (action === 'reminder' && title.trim() !== '' && due !== '') ||
    action === 'export' ||
    action === 'delete';

  return (
    <form
      className={styles.bar}
      aria-label="Действия с выбранными клиентами"
      onSubmit={(event) => void submit(event)}
    >
      <span className={styles.barCount} data-testid="bulk-count">
        Выбрано: {formatNumber(count)}
      </span>
      {!selection.all && total !== null && total > count && (
        <Button variant="secondary" onClick={onSelectAll}>
          Выбрать все {formatNumber(total)}
        </Button>
      )}
      <Button variant="ghost" onClick={onClear}>
        Снять выбор
      </Button>
      <Select label="Действие" value={action} onChange={(event) => setAction(event.target.value as Action)}>
        <option value="move">Перенести в категорию</option>
        {isAdmin && <option value="reassign">Передать менеджеру</option>}
        <option value="reminder">Создать напоминание каждому</option>
        <option value="export">{selection.all ? 'Выгрузить всех по фильтру' : 'Выгрузить выбранных'}</option>
        {isAdmin && <option value="delete">Удалить</option>}
      </Select>
      {action === 'move' && (
        <Select
          label="Куда"
          value={categoryId ?? ''}
          onChange={(event) => setCategoryId(Number(event.target.value))}
        >
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      )}
      {action === 'export' && (
        <Select
          label="Формат"
          value={format}
          onChange={(event) => setFormat(event.target.value as 'xlsx' | 'csv')}
        >
          <option value="xlsx">Excel (.xlsx)</option>
          <option value="csv">CSV для Excel (.csv)</option>
        </Select>
      )}
      {action === 'reassign' && (
        <Select
          label="Кому"
          value={managerId ?? ''}
          onChange={(event) => setManagerId(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">Выберите менеджера</option>
          {(managers.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      )}
      {action === 'reminder' && (
        <>
          <Input
            label="Напоминание"
            required
            value={title}
            limit={255}
            onChange={(event) => setTitle(event.target.value)}
          />
          <Input
            label="Когда"
            type="datetime-local"
            required
            value={due}
            onChange={(event) => setDue(event.target.value)}
          />
        </>
      )}
      <Button
        type="submit"
        variant={action === 'delete' ? 'danger' : 'primary'}
        disabled={!ready || start.isPending}
        loading={exporting}
      >
        Применить
      </Button>
    </form>
  );
};
