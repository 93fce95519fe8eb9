import { toast } from 'react-toastify';
import type { Webhook } from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import rows from '@/ui/rows.module.css';
import { useDeleteWebhook } from '@/features/integrations/api/webhooks';
import styles from './integrations.module.css';

export const WEBHOOK_DELETED = 'Вебхук удалён';

const eventsText = (n: number) => {
  const last = n % 10;
  const teen = n % 100 >= 11 && n % 100 <= 14;
  return `${n} ${!teen && last === 1 ? 'событие' : !teen && last >= 2 && last <= 4 ? 'события' : 'событий'}`;
};

type WebhookListProps = {
  projectId: number;
  webhooks: Webhook[];
  onEdit: (webhook: Webhook) => void;
  onLog: (webhook: Webhook) => void;
};

/** Each endpoint: its address, on or off (and why), its events and queue; the log, edit, delete. */
export const WebhookList = ({ projectId, webhooks, onEdit, onLog }: WebhookListProps) => {
  const confirm = useConfirm();
  const remove = useDeleteWebhook(projectId);
  const askDelete = (webhook: Webhook) =>
    void confirm({
      message: `Удалить вебхук ${webhook.url}?`,
      hint: 'Неотправленные события и журнал доставок удалятся вместе с ним.',
      onAgree: async () => {
        await remove.mutateAsync(webhook.id);
        toast.success(WEBHOOK_DELETED);
      },
    });

  return (
    <ul className={rows.list} data-testid="webhooks-list">
      {webhooks.map((webhook) => (
        <li key={webhook.id} className={styles.row} data-testid="webhook-row">
          <div className={styles.rowMain}>
            <span className={styles.nameLine}>
              <span className={cx(rows.name, styles.name, styles.url)}>{webhook.url}</span>
              {webhook.enabled ? (
                <span className={cx(styles.badge, styles.badgeSuccess)}>Включён</span>
              ) : webhook.disabled_reason ? (
                <span className={cx(styles.badge, styles.badgeDanger)}>Отключён</span>
              ) : (
                <span className={cx(styles.badge, styles.badgeMuted)}>Выключен</span>
              )}
            </span>
            <span className={cx(rows.muted, styles.details)}>
              <span>{eventsText(webhook.events.length)}</span>
              {webhook.pending > 0 && <span>В очереди: {webhook.pending}</span>}
              {webhook.failing_since && webhook.enabled && (
                <span className={styles.warning}>Доставки не проходят с {formatDateTime(webhook.failing_since)}</span>
              )}
            </span>
            {webhook.disabled_reason && <span className={cx(rows.muted, styles.warning)}>{webhook.disabled_reason}</span>}
          </div>
          <div className={styles.rowActions}>
            <Button variant="ghost" onClick={() => onLog(webhook)}>
              Журнал
              <span className="visually-hidden"> вебхука {webhook.url}</span>
            </Button>
            <IconButton label={`Изменить вебхук ${webhook.url}`} onClick={() => onEdit(webhook)}>
              <Icon name="edit" size={18} />
            </IconButton>
            <IconButton label={`Удалить вебхук ${webhook.url}`} onClick={() => askDelete(webhook)}>
              <Icon name="trash" size={18} />
            </IconButton>
          </div>
        </li>
      ))}
    </ul>
  );
};
