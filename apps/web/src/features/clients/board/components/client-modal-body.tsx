import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { isApiError } from '@/lib/api-error';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { useSession } from '@/lib/session-context';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { useMembers } from '@/features/team';
import { useClient } from '@/features/clients/board/api/get-client';
import { GET_FORM_FAILED, useClientForm } from '@/features/clients/form/api/get-form';
import { ClientModalForm } from './client-modal-form';
import { ClientNotes } from '@/features/clients/notes/components/client-notes';
import styles from './client-modal.module.css';

const TABS = [
  ['data', 'Данные клиента'],
  ['notes', 'Заметки'],
] as const;

type ClientModalBodyProps = {
  /** Edit this client; absent: create one. */
  clientId?: number;
  /** Create: the category chosen at first. */
  categoryId?: number;
  onDone: () => void;
};

const FormSkeleton = () => (
  <div className={styles.skeleton} aria-busy="true">
    <span className="visually-hidden">Загрузка формы</span>
    {[0, 1, 2, 3].map((i) => (
      <div key={i} className={styles.skeletonField}>
        <Skeleton width={120} height={14} />
        <Skeleton height={40} />
      </div>
    ))}
  </div>
);

/** What the client modal needs before its form can show: the client, the form, categories, members. */
export const ClientModalBody = ({ clientId, categoryId, onDone }: ClientModalBodyProps) => {
  const { projectId, isAdmin } = useSession();
  const editing = clientId !== undefined;
  const client = useClient(editing ? projectId : null, clientId ?? 0);
  const groups = useClientForm(projectId);
  const categories = useClientCategories(projectId);
  const members = useMembers(projectId, undefined, isAdmin);
  const [tab, setTab] = useState<'data' | 'notes'>('data');
  const tabsId = useId();

  const onTabsKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'data' ? 'notes' : 'data';
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  if (editing && client.isError) {
    const gone = isApiError(client.error) && client.error.status === 404;
    return gone ? (
      <EmptyState plain icon="clients" text="Клиент не найден: его удалили или передали другому менеджеру." />
    ) : (
      <LoadError plain text="Не удалось загрузить клиента." onRetry={() => void client.refetch()} />
    );
  }
  if (groups.isError) return <LoadError plain text={GET_FORM_FAILED} onRetry={() => void groups.refetch()} />;
  if (isAdmin && members.isError)
    return <LoadError plain text="Failed to get members." onRetry={() => void members.refetch()} />;
  const loading =
    (editing && client.isPending) ||
    groups.isPending ||
    categories.isPending ||
    (isAdmin && members.isPending);
  if (loading || projectId === null) return <FormSkeleton />;

  const form = (
    <ClientModalForm
      projectId={projectId}
      client={editing ? client.data : undefined}
      categoryId={categoryId}
      groups={groups.data}
      categories={categories.categories}
      members={isAdmin ? (members.data ?? []) : null}
      onDone={onDone}
    />
  );
  if (!editing || !client.data) return form;

  return (
    <div className={styles.tabsBox}>
      <Link to={paths.client(client.data.id)} className={styles.pageLink} data-testid="client-page-link">
        Открыть страницу клиента
      </Link>
      <div role="tablist" aria-label="Разделы клиента" className={styles.tabs} onKeyDown={onTabsKey}>
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${tabsId}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${tabsId}-${key}-panel`}
            // One tab stop: the arrows move between the tabs (the ARIA tabs pattern).
            tabIndex={tab === key ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {/* The form stays mounted while the notes show: nothing typed is lost by a look at them. */}
      <div
        role="tabpanel"
        id={`${tabsId}-data-panel`}
        aria-labelledby={`${tabsId}-data`}
        hidden={tab !== 'data'}
      >
        {form}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-notes-panel`}
        aria-labelledby={`${tabsId}-notes`}
        hidden={tab !== 'notes'}
      >
        {tab === 'notes' && <ClientNotes clientId={client.data.id} />}
      </div>
    </div>
  );
};
