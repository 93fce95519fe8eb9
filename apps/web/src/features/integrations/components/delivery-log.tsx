import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  WEBHOOK_DELIVERY_STATE_LABELS,
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookDelivery,
} from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Pager } from '@/ui/pager/pager';
import rows from '@/ui/rows.module.css';
import { Skeleton } from '@/ui/skeleton';
import { useDeliveries, useRetryDelivery } from '@/features/integrations/api/webhooks';
import styles from './integrations.module.css';

const STATE_CLASS: Record<WebhookDelivery['status'], string | undefined> = {
  pending: styles.badgeMuted,
  delivered: styles.badgeSuccess,
  failed: styles.badgeDanger,
};

/** A try failed and another is scheduled. */
const retrying = (d: WebhookDelivery) => d.status === 'pending' && d.attempts > 0;

/** An endpoint's deliveries, newest first, 50 a page: what was sent, how it was answered, 'Повторить'. */
export const DeliveryLog = ({ projectId, webhook }: { projectId: number; webhook: Webhook }) => {
  const [page, setPage] = useState(1);
  const log = useDeliveries(projectId, webhook.id, page);
  const retry = useRetryDelivery(projectId, webhook.id);

  if (log.isError) return <LoadError plain text="Не удалось загрузить журнал." onRetry={() => void log.refetch()} />;
  if (!log.data) {
    return (
      <div aria-hidden="true" data-testid="deliveries-skeleton">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeletonRow}>
            <Skeleton width="70%" height={14} />
          </div>
        ))}
      </div>
    );
  }
  if (log.data.total === 0) {
    return <EmptyState plain icon="inbox" text="Доставок пока не было: они появятся после первого события." />;
  }
  const again = async (delivery: WebhookDelivery) => {
    await retry.mutateAsync(delivery.id);
    toast.success('Отправлено снова');
    void log.refetch();
  };
  return (
    <>
      <ul className={rows.list} data-testid="deliveries-list">
        {log.data.data.map((delivery) => (
          <li key={delivery.id} className={styles.delivery} data-testid="delivery-row">
            <div className={styles.deliveryHead}>
              <span className={rows.name}>{WEBHOOK_EVENT_LABELS[delivery.event]}</span>
              <span className={cx(styles.badge, retrying(delivery) ? styles.badgeDanger : STATE_CLASS[delivery.status])}>
                {retrying(delivery) ? 'Не принято, будет повтор' : WEBHOOK_DELIVERY_STATE_LABELS[delivery.status]}
              </span>
              {(delivery.status !== 'pending' || delivery.attempts > 0) && webhook.enabled && (
                <Button variant="ghost" onClick={() => void again(delivery)} disabled={retry.isPending}>
                  Повторить
                </Button>
              )}
            </div>
            <span className={cx(rows.muted, styles.details)}>
              <span>{formatDateTime(delivery.last_attempt_at ?? delivery.created_at)}</span>
              <span>Попыток: {delivery.attempts}</span>
              {delivery.response_status !== null && <span>Ответ: {delivery.response_status}</span>}
              {delivery.next_attempt_at && delivery.attempts > 0 && (
                <span>Следующая попытка {formatDateTime(delivery.next_attempt_at)}</span>
              )}
            </span>
            {delivery.response && delivery.response_status === null && (
              <span className={cx(rows.muted, styles.warning)}>{delivery.response}</span>
            )}
            <details className={styles.more}>
              <summary>Запрос и ответ</summary>
              <pre className={styles.code}>{delivery.body}</pre>
              {delivery.response && delivery.response_status !== null && <pre className={styles.code}>{delivery.response}</pre>}
            </details>
          </li>
        ))}
      </ul>
      <div className={styles.logPager}>
        <Pager current={page} last={log.data.last_page} onChange={setPage} label="Страницы журнала" />
      </div>
    </>
  );
};
