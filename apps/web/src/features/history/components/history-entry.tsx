import { memo, useState } from 'react';
import { historySubjectLabels, type HistoryEntry as Entry } from '@crm/contract';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Icon } from '@/ui/icons';
import { HistoryChanges } from './history-changes-view';
import type { DatedEntry } from './history-days';
import styles from './history.module.css';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

const subjectLabel = (type: string) =>
  (historySubjectLabels as Record<string, string | undefined>)[type] ?? type;

/**
 * Who did it: the person, 'Система' for the scheduler, and for a change made through a
 * manager's account both people, the admin first (names stay as written: no declension).
 */
const Actor = ({ entry }: { entry: Entry }) => {
  if (entry.actor === null) return <span className={styles.system}>Система</span>;
  if (entry.impersonator === null) return <span className={styles.actor}>{entry.actor.name}</span>;
  return (
    <span>
      <span className={styles.actor}>{entry.impersonator.name}</span>
      <span className={styles.muted}> в аккаунте менеджера </span>
      <span className={styles.actor}>{entry.actor.name}</span>
    </span>
  );
};

type HistoryEntryProps = {
  item: DatedEntry;
  /** The project's time zone: moments in the data are shown on its clock. */
  zone: string;
  onOpenClient: (clientId: number) => void;
};

/** One entry: when, who, what it is about, the sentence; the client and the data on demand. */
const EntryRow = ({ item, zone, onOpenClient }: HistoryEntryProps) => {
  const { entry, stamp } = item;
  const [open, setOpen] = useState(false);
  const messageId = `history-entry-${entry.id}`;
  const changesId = `history-changes-${entry.id}`;
  const hasData = entry.before !== null || entry.after !== null;
  const clientId = entry.client_id;
  return (
    <li className={styles.entry} data-testid="history-entry" data-kind={entry.kind}>
      <div className={styles.meta}>
        <time className={styles.time} dateTime={entry.created_at}>
          {stamp}
        </time>
        <Actor entry={entry} />
        <span className={styles.subject}>{subjectLabel(entry.subject_type)}</span>
      </div>
      <p className={styles.message} id={messageId}>
        {entry.message}
      </p>
      {(clientId !== null || hasData) && (
        <div className={styles.extras}>
          {clientId !== null && (
            <button
              type="button"
              className={formStyles.linkButton}
              aria-describedby={messageId}
              onClick={() => onOpenClient(clientId)}
            >
              Подробнее о клиенте
            </button>
          )}
          {clientId !== null && (
            <Link className={formStyles.linkButton} to={paths.client(clientId)} aria-describedby={messageId}>
              Страница клиента
            </Link>
          )}
          {hasData && (
            <button
              type="button"
              className={cx(formStyles.linkButton, styles.toggle)}
              aria-expanded={open}
              aria-controls={open ? changesId : undefined}
              onClick={() => setOpen(!open)}
            >
              {entry.before !== null && entry.after !== null ? 'Что изменилось' : 'Данные записи'}
              <Icon name="chevronDown" size={16} className={cx(styles.chevron, open && styles.chevronOpen)} />
            </button>
          )}
        </div>
      )}
      {open && (
        <HistoryChanges
          id={changesId}
          before={entry.before}
          after={entry.after}
          subjectType={entry.subject_type}
          zone={zone}
        />
      )}
    </li>
  );
};

/**
 * Loading a page regroups the days, but an entry already shown keeps its object (TanStack shares
 * unchanged data): only the new rows render.
 */
export const HistoryEntryRow = memo(
  EntryRow,
  (a, b) => a.item.entry === b.item.entry && a.zone === b.zone && a.onOpenClient === b.onOpenClient,
);
