import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  CLIENT_SEARCH_DEBOUNCE_MS,
  type ClientListColumn,
  type ClientListFilters,
  type ClientView,
  type FormGroup,
  type SearchDirection,
} from '@crm/contract';
import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import { useStatuses } from '@/features/statuses';
import { useMembers } from '@/features/team';
import { Button } from '@/ui/button';
import { Dropdown } from '@/ui/dropdown';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { BoardDateFilter } from '@/features/clients/board/components/board-date-filter';
import { BulkBar } from './bulk-bar';
import { BulkProgress } from './bulk-progress';
import { ClientListTable } from './client-list-table';
import { allColumns, DEFAULT_COLUMNS, shownColumns } from './list-columns';
import { SavedViews } from './saved-views';
import styles from './client-list.module.css';

/**
 * The list's filters as its controls hold them (the search text is sent once typing pauses; a
 * searchable select and its option go together, as the API takes them).
 */
type Filters = ClientListFilters;

type ClientListProps = {
  projectId: number;
  userId: number;
  isAdmin: boolean;
  categories: (ClientCategoryRef & { outcome?: 'won' | 'lost' | null })[];
  groups: readonly FormGroup[];
};

const toId = (value: string) => (value === '' ? undefined : Number(value));

/**
 * /clients?view=list (docs/product.md §4.8 "List view"): the project's clients (a manager's own)
 * as a table of chosen columns, sorted by a click on a header, filtered as the search modal does
 * plus manager and days; a saved view brings back its filters, columns and sort.
 */
export const ClientList = ({ projectId, userId, isAdmin, categories, groups }: ClientListProps) => {
  const [filters, setFilters] = useState<Filters>({});
  const [text, setText] = useState('');
  const [columnKeys, setColumnKeys] = useState<ClientListColumn[]>(DEFAULT_COLUMNS);
  const [sort, setSort] = useState<ClientListColumn>('created_at');
  const [direction, setDirection] = useState<SearchDirection>('desc');
  const [view, setView] = useState<ClientView | null>(null);
  const managers = useMembers(projectId, undefined, isAdmin);
  const statuses = useStatuses(isAdmin ? projectId : null);
  // A phone keeps the rows in sight: the filters fold behind one button.
  const phone = useMediaQuery(MOBILE_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const filtersId = useId();
  const [chosenIds, setChosenIds] = useState<ReadonlySet<number>>(new Set());
  const [allChosen, setAllChosen] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const clearSelection = useCallback(() => {
    setChosenIds(new Set());
    setAllChosen(false);
  }, []);
  const onSelect = useCallback((ids: number[], chosen: boolean) => {
    setChosenIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (chosen) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((current) => ({ ...current, search: text.trim() === '' ? undefined : text.trim() })),
      CLIENT_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text]);

  const ctx = useMemo(
    () => ({ categories: new Map(categories.map((c) => [c.id, c])), groups }),
    [categories, groups],
  );
  const every = useMemo(() => allColumns(ctx), [ctx]);
  const columns = useMemo(() => shownColumns(columnKeys, every), [columnKeys, every]);
  const backwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query = useMemo(
    () => ({ ...filters, ...(backwards ? { to: undefined } : {}), sort, direction }),
    [filters, backwards, sort, direction],
  );

  const chosenFilters = [
    filters.search,
    filters.category_id,
    filters.manager_id,
    filters.status,
    filters.traffic,
    filters.option_id,
    filters.from,
    filters.to,
  ].filter((f) => f !== undefined).length;
  // Another filter is another set of clients: what was chosen is let go.
  useEffect(clearSelection, [filters, clearSelection]);
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));
  // A searchable select of the form, then one of its options (the search modal's extra filter).
  const searchable = useMemo(
    () => groups.flatMap((g) => g.fields).filter((f) => f.type === 'select' && f.is_searchable),
    [groups],
  );
  const [pickedField, setPickedField] = useState<number | undefined>(undefined);
  const optionField = searchable.find(
    (f) => f.id === (filters.select_id === undefined ? pickedField : Number(filters.select_id)),
  );
  const choose = (chosen: ClientView | null) => {
    setView(chosen);
    if (!chosen) return;
    const saved = chosen.filters as Filters;
    setFilters(saved);
    setPickedField(saved.select_id === undefined ? undefined : Number(saved.select_id));
    setText(saved.search ?? '');
    setColumnKeys(chosen.columns as ClientListColumn[]);
    setSort(chosen.sort as ClientListColumn);
    setDirection(chosen.direction);
  };
  const onSort = (column: ClientListColumn) => {
    if (column === sort) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setDirection('asc');
    }
  };
  const toggleColumn = (key: ClientListColumn) =>
    setColumnKeys(() => {
      const keys = columns.map((c) => c.key);
      return keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key];
    });

  return (
    <div className={styles.list}>
      <SavedViews
        projectId={projectId}
        userId={userId}
        isAdmin={isAdmin}
        chosen={view}
        onChoose={choose}
        current={{ filters, columns: columns.map((c) => c.key), sort, direction }}
      />
      {phone && (
        <Button
          variant="secondary"
          aria-expanded={unfolded}
          aria-controls={filtersId}
          onClick={() => setUnfolded((open) => !open)}
        >
          <Icon name="sliders" size={18} />
          {chosenFilters > 0 ? `Фильтры (${chosenFilters})` : 'Фильтры'}
        </Button>
      )}
      <div id={filtersId} className={styles.filters} hidden={phone && !unfolded}>
        <Input
          label="Поиск"
          type="search"
          placeholder="Имя, телефон, город…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Select
          label="Категория"
          value={filters.category_id ?? ''}
          onChange={(event) => set({ category_id: toId(event.target.value) })}
        >
          <option value="">Все категории</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        {isAdmin && (
          <Select
            label="Менеджер"
            value={filters.manager_id ?? ''}
            onChange={(event) => set({ manager_id: toId(event.target.value) })}
          >
            <option value="">Все менеджеры</option>
            {(managers.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
        )}
        {isAdmin && (statuses.data ?? []).length > 0 && (
          <Select
            label="Статус менеджера"
            value={filters.status ?? ''}
            onChange={(event) => set({ status: toId(event.target.value) })}
          >
            <option value="">Все статусы</option>
            {(statuses.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
        <Select
          label="Трафик"
          value={filters.traffic ?? ''}
          onChange={(event) => set({ traffic: (event.target.value || undefined) as Filters['traffic'] })}
        >
          <option value="">Все</option>
          <option value="1">Траффик</option>
          <option value="0">Фарм</option>
        </Select>
        {searchable.length > 0 && (
          <Select
            label="Поле"
            value={optionField?.id ?? ''}
            onChange={(event) => {
              setPickedField(toId(event.target.value));
              set({ select_id: undefined, option_id: undefined });
            }}
          >
            <option value="">Любое поле</option>
            {searchable.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>
        )}
        {optionField && (
          <Select
            label={optionField.name}
            value={filters.option_id ?? ''}
            onChange={(event) => {
              const option = toId(event.target.value);
              set(
                option === undefined
                  ? { select_id: undefined, option_id: undefined }
                  : { select_id: optionField.id, option_id: option },
              );
            }}
          >
            <option value="">Любое значение</option>
            {optionField.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        )}
        <BoardDateFilter value={{ from: filters.from, to: filters.to }} onChange={(range) => set(range)} />
        <Dropdown
          trigger={
            <>
              <Icon name="sliders" size={18} />
              Колонки
            </>
          }
          triggerClassName={styles.dropdownTrigger}
          align="end"
        >
          {() => (
            <fieldset className={styles.columnPicker}>
              <legend>Колонки таблицы</legend>
              {every.map((column) => (
                <label key={column.key} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={columns.some((c) => c.key === column.key)}
                    onChange={() => toggleColumn(column.key)}
                  />
                  {column.title}
                </label>
              ))}
            </fieldset>
          )}
        </Dropdown>
      </div>
      <BulkProgress projectId={projectId} />
      {(allChosen || chosenIds.size > 0) && (
        <BulkBar
          projectId={projectId}
          isAdmin={isAdmin}
          categories={categories}
          selection={{ ids: [...chosenIds], all: allChosen }}
          total={total}
          filters={backwards ? { ...filters, to: undefined } : filters}
          onSelectAll={() => setAllChosen(true)}
          onClear={clearSelection}
        />
      )}
      <ClientListTable
        projectId={projectId}
        query={query}
        columns={columns}
        sort={sort}
        direction={direction}
        onSort={onSort}
        selection={{ ids: chosenIds, all: allChosen }}
        onSelect={onSelect}
        onTotal={setTotal}
      />
    </div>
  );
};
