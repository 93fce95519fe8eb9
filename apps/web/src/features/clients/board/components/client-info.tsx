import { useCallback } from 'react';
import { Link } from 'react-router';
import type { Client } from '@crm/contract';
import { paths } from '@/lib/paths';
import { Slot } from '@/lib/slots';
import { isApiError } from '@/lib/api-error';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { formatNumber } from '@/lib/numbers';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { HintNote } from '@/ui/rich-text';
import { useSessionModals } from '@/lib/session-modals';
import { Skeleton } from '@/ui/skeleton';
import { useClient } from '@/features/clients/board/api/get-client';
import { GET_FORM_FAILED, useClientForm } from '@/features/clients/form/api/get-form';
import { clientName } from './client-card';
import { ClientFieldValuesView } from './client-field-values';
import { ClientNotes } from '@/features/clients/notes/components/client-notes';
import { useClientMergeModal } from '@/features/clients/duplicates/components/use-merge-modal';
import styles from './client-info.module.css';

type ClientInfoProps = {
  clientId: number;
  /** 'Редактировать': the edit modal over the panel. */
  onEdit?: () => void;
  /** 'Заметки': the notes panel over this one. */
  onNotes?: () => void;
  /** 'Объединить' (admins): merge a duplicate into him, or him into it. */
  onMerge?: (client: Client) => void;
};

/**
 * The client info side panel (docs/product.md §4.8): name, last name, 'Сумма клиента' and the
 * client form's fields by their names.
 */
export const ClientInfo = ({ clientId, onEdit, onNotes, onMerge }: ClientInfoProps) => {
  const { projectId } = useSession();
  const client = useClient(projectId, clientId);
  const groups = useClientForm(projectId);
  const { categories } = useClientCategories(projectId);

  if (client.isError) {
    return isApiError(client.error) && client.error.status === 404 ? (
      <EmptyState plain icon="clients" text="Клиент не найден: его удалили или передали другому менеджеру." />
    ) : (
      <LoadError plain text="Не удалось загрузить клиента." onRetry={() => void client.refetch()} />
    );
  }
  if (groups.isError) return <LoadError plain text={GET_FORM_FAILED} onRetry={() => void groups.refetch()} />;
  if (client.isPending || groups.isPending) {
    return (
      <div className={styles.box} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={styles.skeletonRow}>
            <Skeleton width={110} height={12} />
            <Skeleton width="60%" height={16} />
          </div>
        ))}
      </div>
    );
  }

  const c = client.data;
  const stage = categories.find((category) => category.id === c.category_id);
  return (
    <div className={styles.box} data-testid="client-info">
      {/* His own page: everything about him in one place (docs/product.md §4.8, "The client's page"). */}
      <Link to={paths.client(c.id)} className={styles.pageLink} data-testid="client-page-link">
        Открыть страницу клиента
      </Link>
      <dl className={styles.list}>
        <div className={styles.row}>
          <dt>Имя</dt>
          <dd>{c.name}</dd>
        </div>
        <div className={styles.row}>
          <dt>Фамилия</dt>
          <dd>{c.last_name}</dd>
        </div>
        <div className={styles.row}>
          <dt>Сумма клиента</dt>
          <dd>{formatNumber(c.amount)}</dd>
        </div>
        <div className={styles.row}>
          <dt>Траффик</dt>
          <dd>{c.traffic ? 'Да' : 'Нет'}</dd>
        </div>
        <div className={styles.row}>
          <dt>Категория</dt>
          <dd data-testid="client-stage">
            {stage ? (
              <>
                <span className={styles.stage}>
                  <span
                    className={styles.stageDot}
                    style={{ background: `#${stage.color}` }}
                    aria-hidden="true"
                  />
                  {stage.name}
                </span>
                {/* Where he stands, and what to do there (docs/product.md §4.6). */}
                {stage.clue && (
                  <HintNote value={stage.clue.clue} label={`Подсказка категории «${stage.name}»`} />
                )}
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      <ClientFieldValuesView groups={groups.data} fields={c.fields} hints />
      {(onEdit || onNotes || onMerge) && (
        <div className={styles.actions}>
          {onMerge && (
            <Button variant="secondary" onClick={() => onMerge(c)}>
              Объединить
            </Button>
          )}
          {onNotes && (
            <Button variant="secondary" onClick={onNotes}>
              Заметки
            </Button>
          )}
          {onEdit && <Button onClick={onEdit}>Редактировать</Button>}
        </div>
      )}
      {/* A question about him to the administrators (the chats feature). */}
      <Slot id="client-question" clientId={c.id} clientName={clientName(c)} />
      {/* His Telegram conversation, once he wrote to the project's bot (the telegram feature). */}
      <Slot id="client-telegram" clientId={c.id} clientName={clientName(c)} />
      {/* His reminders, with 'Добавить напоминание' (the reminders feature). */}
      <Slot id="client-reminders" clientId={c.id} />
    </div>
  );
};

/** Opens the notes of a client in a side panel ('Отменить' closes it). */
export const useClientNotesPanel = () => {
  const modals = useSessionModals();
  return useCallback(
    (client: Pick<Client, 'id' | 'name' | 'last_name'>) =>
      modals.open(({ close }) => <ClientNotes clientId={client.id} onCancel={close} />, {
        kind: 'side',
        title: `Заметки: ${clientName(client)}`,
      }),
    [modals],
  );
};

/**
 * Opens the client info side panel, with 'Редактировать' and 'Заметки' on top of it, and for an
 * admin 'Объединить': once merged into the other client, the panel shows that one.
 */
export const useClientInfoPanel = (onEdit: (clientId: number) => void) => {
  const modals = useSessionModals();
  const { isAdmin } = useSession();
  const openNotes = useClientNotesPanel();
  const openMerge = useClientMergeModal();
  return useCallback(
    function open(client: Pick<Client, 'id' | 'name' | 'last_name'>): string {
      return modals.open(
        ({ close }) => (
          <ClientInfo
            clientId={client.id}
            onEdit={() => onEdit(client.id)}
            onNotes={() => openNotes(client)}
            onMerge={
              isAdmin
                ? (shown) =>
                    openMerge(shown, (survivor) => {
                      if (survivor.id === client.id) return;
                      close();
                      open(survivor);
                    })
                : undefined
            }
          />
        ),
        { kind: 'side', title: 'Информация о клиенте' },
      );
    },
    [modals, onEdit, openNotes, openMerge, isAdmin],
  );
};
