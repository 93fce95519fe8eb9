import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useParams } from 'react-router';
import { parseId, SOCIAL_NETWORK_PREFIXES, type Client } from '@crm/contract';
import { isApiError } from '@/lib/api-error';
import { useLiveEvent } from '@/lib/live/live-events';
import { queryKeys } from '@/lib/query-keys';
import { useDocumentTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { phoneHref } from '@/lib/phone-format';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useSession } from '@/lib/session-context';
import { useSessionModals } from '@/lib/session-modals';
import { Slot } from '@/lib/slots';
import { formatNumber } from '@/lib/numbers';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { HintNote } from '@/ui/rich-text';
import { Skeleton } from '@/ui/skeleton';
import { useMembers } from '@/features/team';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { GET_FORM_FAILED, useClientForm } from '@/features/clients/form/api/get-form';
import { useMoveClient } from '@/features/clients/board/api/move-client';
import { useClientsLive } from '@/features/clients/board/api/use-clients-live';
import { useClientNotesPanel } from '@/features/clients/board/components/client-info';
import { ClientFieldValuesView } from '@/features/clients/board/components/client-field-values';
import { ClientModalForm } from '@/features/clients/board/components/client-modal-form';
import { useMoveToStage } from '@/features/clients/board/components/move-to-stage';
import { useClosingMove } from '@/features/clients/categories/components/closing-dialog';
import { useClientPage } from '@/features/clients/client-page/api/get-client-page';
import { LogCallForm } from '@/features/clients/client-page/components/log-call-form';
import { Timeline } from '@/features/clients/client-page/components/timeline';
import styles from '@/features/clients/client-page/components/client-page.module.css';

const NOT_FOUND = 'Клиент не найден: его удалили, или он вам недоступен.';

const PageSkeleton = () => (
  <div className={styles.page} aria-busy="true" data-testid="client-page-loading">
    <span className="visually-hidden">Клиент загружается</span>
    <Skeleton width={220} height={28} />
    <Skeleton width="60%" height={16} />
    <div className={styles.grid}>
      <div className={styles.main}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={56} />
        ))}
      </div>
      <div className={styles.aside}>
        <Skeleton height={220} />
      </div>
    </div>
  </div>
);

/**
 * The client's page, /clients/{id} (docs/product.md §4.8, "The client's page"): his name, stage
 * with its hint, amount, manager, traffic, phone and link; the actions (a call, a note, a reminder,
 * a question, a move, an edit of every field in place); and his timeline, newest first, loaded
 * further as it scrolls. Live: what happens to him elsewhere shows here.
 */
export const ClientPage = () => {
  const { clientId: raw = '' } = useParams();
  const clientId = parseId(raw) ?? 0;
  const { projectId, isAdmin } = useSession();
  const zone = useProjectTimeZone();
  const page = useClientPage(projectId, clientId);
  const groups = useClientForm(projectId);
  const { categories } = useClientCategories(projectId);
  const members = useMembers(projectId, undefined, isAdmin);
  const modals = useSessionModals();
  const openNotes = useClientNotesPanel();
  const move = useMoveClient(projectId ?? 0);
  const { mutateAsync: moveClient } = move;
  // Into 'Успех' or 'Отказ' through the dialog (its reason or final amount), as on the board.
  const closingMove = useClosingMove(projectId ?? 0);
  const onMove = useCallback(
    (client: Client, toCategoryId: number) => {
      const target = categories.find((c) => c.id === toCategoryId);
      if (!target) return;
      closingMove(client, target, (closing) => moveClient({ client, toCategoryId, range: {}, closing }));
    },
    [categories, closingMove, moveClient],
  );
  const openMove = useMoveToStage(categories, onMove);
  const [editing, setEditing] = useState(false);
  const dataTitle = useId();
  const head = page.data?.pages[0]?.head ?? null;
  useClientsLive(projectId ?? 0, editing);
  // A reminder of his made or changed elsewhere: his reminders' list reads them again too.
  const queryClient = useQueryClient();
  useLiveEvent('clients.changed', ({ payload }) => {
    if (payload.project_id !== projectId || (payload.client_id !== null && payload.client_id !== clientId))
      return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.reminders.all(payload.project_id) });
  });
  useDocumentTitle(head ? `${head.client.name} ${head.client.last_name}` : 'Клиент');

  if (clientId === 0 || (page.isError && isApiError(page.error) && page.error.status === 404)) {
    return (
      <div className={styles.page}>
        <BackLink to={paths.clients}>Клиенты</BackLink>
        <EmptyState
          icon="clients"
          text={NOT_FOUND}
          action={<ButtonLink to={paths.clients}>К клиентам</ButtonLink>}
        />
      </div>
    );
  }
  if (page.isError && !head) {
    return (
      <div className={styles.page}>
        <BackLink to={paths.clients}>Клиенты</BackLink>
        <LoadError text="Не удалось загрузить клиента." onRetry={() => void page.refetch()} />
      </div>
    );
  }
  if (!head || projectId === null) return <PageSkeleton />;

  const { client, stage, fields } = head;
  const phone = fields.find((f) => f.type === 'phone_number' && f.value !== '');
  const social = fields.find(
    (f) => f.type === 'social_network' && SOCIAL_NETWORK_PREFIXES.some((p) => f.value.startsWith(p)),
  );
  const entries = (page.data?.pages ?? []).flatMap((part) => part.timeline.data);
  const logCall = () =>
    modals.open(({ close }) => <LogCallForm projectId={projectId} clientId={client.id} onDone={close} />, {
      title: 'Записать звонок',
    });

  return (
    <div className={styles.page} data-testid="client-page">
      <BackLink to={paths.clients}>Клиенты</BackLink>
      <header className={styles.head}>
        <h1 className={styles.name}>
          {client.name} {client.last_name}
        </h1>
        <div className={styles.facts}>
          <span className={styles.stage} data-testid="client-page-stage">
            <span className={styles.stageDot} style={{ background: `#${stage.color}` }} aria-hidden="true" />
            {stage.name}
          </span>
          <span>
            <span className={styles.muted}>Сумма </span>
            {formatNumber(client.amount)}
          </span>
          <span>
            <span className={styles.muted}>Менеджер </span>
            {client.manager.name}
          </span>
          {client.traffic && <span className={styles.badge}>Траффик</span>}
        </div>
        {/* Where he stands, and what to do there (docs/product.md §4.6). */}
        {stage.clue && (
          <div className={styles.hint}>
            <HintNote value={stage.clue} label={`Подсказка категории «${stage.name}»`} />
          </div>
        )}
        {(phone || social) && (
          <div className={styles.contacts}>
            {phone && (
              <a className={styles.contact} href={phoneHref(phone.value)} data-testid="client-page-phone">
                <Icon name="phone" size={18} />
                {phone.text}
              </a>
            )}
            {social && (
              <a className={styles.contact} href={social.value} target="_blank" rel="noopener noreferrer">
                <Icon name="compass" size={18} />
                <span className={styles.ellipsis}>{social.value.replace(/^https:\/\/www\./, '')}</span>
              </a>
            )}
          </div>
        )}
      </header>

      <div className={styles.actions} role="group" aria-label="Действия с клиентом">
        <Button onClick={logCall}>
          <Icon name="phone" size={18} />
          Записать звонок
        </Button>
        <Button variant="secondary" onClick={() => openNotes(client)}>
          <Icon name="edit" size={18} />
          Заметка
        </Button>
        <Button variant="secondary" onClick={() => openMove(client)} loading={move.isPending}>
          <Icon name="flag" size={18} />
          Переместить
        </Button>
        <Slot id="client-question" clientId={client.id} clientName={`${client.name} ${client.last_name}`} />
      </div>

      <div className={styles.grid}>
        <div className={styles.main}>
          {/* His Telegram conversation, once he wrote to the project's bot (the telegram feature). */}
          <Slot id="client-telegram" clientId={client.id} clientName={`${client.name} ${client.last_name}`.trim()} />
          <Card aria-labelledby={`${dataTitle}-timeline`}>
            <CardHead>
              <CardTitle id={`${dataTitle}-timeline`}>История клиента</CardTitle>
            </CardHead>
            <Timeline
              entries={entries}
              zone={zone}
              hasMore={page.hasNextPage}
              loadingMore={page.isFetchingNextPage}
              failed={page.isFetchNextPageError}
              onMore={() => void page.fetchNextPage()}
            />
          </Card>
        </div>
        <div className={styles.aside}>
          <Card aria-labelledby={dataTitle} data-testid="client-page-data">
            <CardHead
              actions={
                editing ? undefined : (
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    <Icon name="edit" size={18} />
                    Изменить
                  </Button>
                )
              }
            >
              <CardTitle id={dataTitle}>Данные клиента</CardTitle>
            </CardHead>
            {editing ? (
              groups.isError ? (
                <LoadError plain text={GET_FORM_FAILED} onRetry={() => void groups.refetch()} />
              ) : groups.data && (!isAdmin || members.data) ? (
                <ClientModalForm
                  projectId={projectId}
                  client={client}
                  groups={groups.data}
                  categories={categories}
                  members={isAdmin ? (members.data ?? []) : null}
                  onDone={() => setEditing(false)}
                />
              ) : (
                <Skeleton height={200} />
              )
            ) : (
              <ClientData client={client} groups={groups.data} />
            )}
          </Card>
          {/* His reminders, with 'Добавить напоминание' (the reminders feature). */}
          <Card className={styles.slotCard}>
            <Slot id="client-reminders" clientId={client.id} />
          </Card>
        </div>
      </div>
    </div>
  );
};

/** The client's values, read-only: the base ones, then the form's fields with their hints. */
const ClientData = ({
  client,
  groups,
}: {
  client: Client;
  groups: Parameters<typeof ClientFieldValuesView>[0]['groups'] | undefined;
}) => (
  <div className={styles.data}>
    <dl className={styles.dataList}>
      <div>
        <dt>Имя</dt>
        <dd>{client.name}</dd>
      </div>
      <div>
        <dt>Фамилия</dt>
        <dd>{client.last_name}</dd>
      </div>
      <div>
        <dt>Сумма клиента</dt>
        <dd>{formatNumber(client.amount)}</dd>
      </div>
      <div>
        <dt>Траффик</dt>
        <dd>{client.traffic ? 'Да' : 'Нет'}</dd>
      </div>
    </dl>
    {groups ? (
      <ClientFieldValuesView groups={groups} fields={client.fields} hints />
    ) : (
      <Skeleton height={80} />
    )}
  </div>
);
