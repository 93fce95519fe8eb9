import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CLIENT_SEARCH_DEBOUNCE_MS, type Client } from '@crm/contract';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Button } from '@/ui/button';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useClientForm } from '@/features/clients/form/api/get-form';
import { useSearchableFields } from '@/features/clients/form/api/get-searchable-fields';
import { useSearchClients } from '@/features/clients/search/api/search-clients';
import { CLIENT_DETAILS_PANEL } from './search-client-details';
import { useClientModal } from '@/features/clients/board/components/client-modal';
import { SEARCH_PLACEHOLDER, useDraftText, type SearchDraft } from './search-draft';
import { SearchFiltersBar } from './search-filters';
import { ExportMenu } from '@/features/clients/export/components/export-menu';
import {
  foundCount,
  INITIAL_FILTERS,
  hasActiveFilters,
  toSearchQuery,
  type SearchFilters,
} from './search-query';
import { SearchResults, type FieldRoles } from './search-results';
import styles from './client-search-modal.module.css';

type ClientSearchModalProps = {
  projectId: number;
  /** Admins see whose client each result is. */
  isAdmin: boolean;
  /** What was typed before this body loaded (in the header, then in the stand-in box). */
  draft: SearchDraft;
};

const TEXT_TYPES = new Set(['text', 'textarea', 'social_network']);

/** The nearest ancestor that scrolls (the modal's body). */
const scrollParent = (node: HTMLElement): HTMLElement | null => {
  let parent = node.parentElement;
  while (parent && !/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) parent = parent.parentElement;
  return parent;
};

/**
 * The global client search (docs/product.md §2.4): the text box and the filters stay on top, the
 * results scroll under them. The text is sent 300 ms after the last keystroke; ↑/↓ move through the
 * results, Enter opens the active one in the side panel, Esc (the modal stack) closes.
 */
export const ClientSearchModal = ({ projectId, isAdmin, draft }: ClientSearchModalProps) => {
  const typed = useDraftText(draft);
  const [choice, setChoice] = useState(INITIAL_FILTERS);
  const text = useDebouncedValue(typed, CLIENT_SEARCH_DEBOUNCE_MS);
  const filters: SearchFilters = { ...choice, text: typed };
  const query = useMemo(() => toSearchQuery({ ...choice, text }), [choice, text]);
  const results = useSearchClients(projectId, query);
  const { categories } = useClientCategories(projectId);
  const fieldsQuery = useSearchableFields(projectId);
  const formQuery = useClientForm(projectId);
  const { openEdit } = useClientModal();

  const listId = useId();
  const headRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const clients = useMemo(() => results.data?.pages.flatMap((page) => page.data) ?? [], [results.data]);
  const firstPage = results.data?.pages[0];
  // The active result belongs to one answer: a new text or filter starts again from the first.
  const queryKey = JSON.stringify(query);
  const [active, setActive] = useState({ key: queryKey, index: 0 });
  const activeIndex = active.key === queryKey ? Math.min(active.index, clients.length - 1) : 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const categoryMap = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);
  const fieldRoles = useMemo<FieldRoles>(() => {
    const fields = (formQuery.data ?? []).flatMap((group) => group.fields);
    return {
      phoneIds: fields.filter((f) => f.type === 'phone_number').map((f) => f.id),
      textNames: new Map(fields.filter((f) => TEXT_TYPES.has(f.type)).map((f) => [f.id, f.name])),
    };
  }, [formQuery.data]);

  // The lazily loaded body arrives after the modal took the focus: the text box claims it in
  // the same commit that removed the stand-in box, so no keystroke falls in between.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  // The active result stays in sight, below the fixed text box and filters.
  useEffect(() => {
    const option = document.getElementById(`${listId}-option-${activeIndex}`);
    const head = headRef.current;
    const scroller = option && scrollParent(option);
    if (!option || !head || !scroller) return;
    const top = head.getBoundingClientRect().bottom;
    const bottom = scroller.getBoundingClientRect().bottom;
    const box = option.getBoundingClientRect();
    if (box.top < top) scroller.scrollTop -= top - box.top;
    else if (box.bottom > bottom) scroller.scrollTop += box.bottom - bottom;
  }, [activeIndex, listId]);

  const change = (next: Partial<Omit<SearchFilters, 'text'>>) =>
    setChoice((current) => ({ ...current, ...next }));
  const open = (client: Client) => openEdit(client.id, CLIENT_DETAILS_PANEL);
  const moveTo = (index: number) => setActive({ key: queryKey, index });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (activeIndex < clients.length - 1) moveTo(activeIndex + 1);
      else if (results.hasNextPage && !results.isFetchingNextPage) {
        // The next page follows the last result; the move lands on it once it arrives.
        moveTo(activeIndex + 1);
        void results.fetchNextPage();
      }
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveTo(Math.max(0, activeIndex - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const client = clients[activeIndex];
      if (client) open(client);
    }
  };

  const showResults = clients.length > 0;
  const waiting = results.isPending || (results.isPlaceholderData && results.isFetching) || typed !== text;

  return (
    <div className={styles.box}>
      <div ref={headRef} className={styles.head}>
        <div className={styles.field}>
          {/* While an answer is awaited, the magnifier turns into a spinner. */}
          {waiting ? (
            <span className={styles.spinner} aria-hidden="true" />
          ) : (
            <Icon name="search" size={20} className={styles.fieldIcon} />
          )}
          <input
            ref={inputRef}
            className={styles.input}
            type="search"
            aria-label="Поиск клиентов"
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={showResults && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            placeholder={SEARCH_PLACEHOLDER}
            value={typed}
            onChange={(event) => draft.set(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        </div>
        <SearchFiltersBar
          filters={filters}
          onChange={change}
          categories={categories}
          fields={fieldsQuery.data ?? []}
          aside={
            <div className={styles.summary}>
              <p className={styles.count} role="status">
                {results.isSuccess && !results.isPlaceholderData
                  ? `Найдено: ${firstPage ? foundCount(firstPage) : 0}`
                  : ''}
              </p>
              <ExportMenu query={query} />
              {hasActiveFilters(filters) && (
                <Button variant="ghost" onClick={() => setChoice(INITIAL_FILTERS)}>
                  Сбросить фильтры
                </Button>
              )}
            </div>
          }
        />
      </div>

      {results.isError && !showResults ? (
        <LoadError plain text="Не удалось выполнить поиск." onRetry={() => void results.refetch()} />
      ) : results.isPending ? (
        <ResultsSkeleton />
      ) : !showResults ? (
        <EmptyState plain icon="search" text="Ничего не найдено" />
      ) : (
        <div className={styles.results} aria-busy={waiting || undefined}>
          <SearchResults
            listId={listId}
            clients={clients}
            query={results.isPlaceholderData ? '' : text}
            activeIndex={activeIndex}
            categories={categoryMap}
            fieldRoles={fieldRoles}
            showManager={isAdmin}
            optionId={optionId}
            onHover={moveTo}
            onOpen={open}
          />
          {results.hasNextPage && (
            <Button
              variant="secondary"
              className={styles.more}
              loading={results.isFetchingNextPage}
              onClick={() => void results.fetchNextPage()}
            >
              Показать ещё
            </Button>
          )}
          {results.isFetchNextPageError && (
            <p className={styles.error}>Не удалось загрузить следующие результаты.</p>
          )}
        </div>
      )}
    </div>
  );
};

const ResultsSkeleton = () => (
  <Loading className={styles.skeleton} label="Загрузка результатов">
    {[0, 1, 2, 3].map((i) => (
      <div key={i} className={styles.skeletonRow}>
        <Skeleton width="45%" height={16} />
        <Skeleton width="30%" height={12} />
      </div>
    ))}
  </Loading>
);
