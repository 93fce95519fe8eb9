import type { DuplicateGroup, DuplicateMatch } from '@crm/contract';
import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import { formatDate } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import formStyles from '@/ui/form.module.css';
import { Icon } from '@/ui/icons';
import styles from './duplicates.module.css';

const WHAT: Record<DuplicateMatch, string> = {
  phone_number: 'Телефон',
  social_network: 'Соцсеть',
  name: 'Имя и фамилия',
};

const CLIENTS = ['клиент', 'клиента', 'клиентов'] as const;

type DuplicateGroupCardProps = {
  group: DuplicateGroup;
  categories: ClientCategoryRef[];
  onOpen: (clientId: number) => void;
  onMerge: (group: DuplicateGroup) => void;
};

/**
 * One group of the 'Дубли' view: what its clients share (a contact: a duplicate; a name alone:
 * a possible one), each client with his manager, stage and day, and 'Объединить'.
 */
export const DuplicateGroupCard = ({ group, categories, onOpen, onMerge }: DuplicateGroupCardProps) => {
  const hidden = group.total - group.clients.length;
  return (
    <Card className={styles.group} data-testid="duplicate-group">
      <div className={styles.groupHead}>
        <div className={styles.shared}>
          <span className={`${styles.badge} ${group.possible ? styles.possible : styles.sure}`}>
            {group.possible ? 'Возможный дубль' : 'Дубль'}
          </span>
          {group.shared.map((s) => (
            <span key={`${s.match}:${s.value}`} className={styles.sharedValue}>
              {WHAT[s.match]}: <strong>{s.value}</strong>
            </span>
          ))}
        </div>
        <Button variant="secondary" onClick={() => onMerge(group)}>
          <Icon name="merge" size={18} />
          Объединить
        </Button>
      </div>
      <ul className={styles.members} aria-label={`${group.total} ${plural(group.total, CLIENTS)}`}>
        {group.clients.map((client) => {
          const stage = categories.find((c) => c.id === client.category_id);
          return (
            <li key={client.id} className={styles.member}>
              <button
                type="button"
                className={`${formStyles.linkButton} ${styles.memberName}`}
                onClick={() => onOpen(client.id)}
              >
                {client.name} {client.last_name}
              </button>
              <span className={styles.muted}>{client.manager.name}</span>
              <span className={styles.stage}>
                {stage && (
                  <span
                    className={styles.stageDot}
                    style={{ background: `#${stage.color}` }}
                    aria-hidden="true"
                  />
                )}
                {stage?.name ?? '—'}
              </span>
              <span className={styles.muted}>{formatDate(client.created_at)}</span>
            </li>
          );
        })}
      </ul>
      {hidden > 0 && (
        <p className={styles.more}>
          И ещё {hidden} {plural(hidden, CLIENTS)}: объедините этих, и остальные появятся здесь.
        </p>
      )}
    </Card>
  );
};
