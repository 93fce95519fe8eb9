import { changeRows, type ShownValue } from './history-changes';
import styles from './history.module.css';

type HistoryChangesProps = { id: string; before: unknown; after: unknown; subjectType: string; zone: string };

/**
 * An entry's before → after as a list of names and values. Rendered only once its entry is
 * unfolded: a long history stays light.
 */
export const HistoryChanges = ({ id, before, after, subjectType, zone }: HistoryChangesProps) => {
  const rows = changeRows(before, after, subjectType, zone);
  if (rows.length === 0) {
    return (
      <p id={id} className={styles.changesNone}>
        Данные не изменились.
      </p>
    );
  }
  return (
    <dl id={id} className={styles.changeList} data-testid="history-changes">
      {rows.map((row) => (
        <div key={row.key} className={styles.changeRow}>
          <dt className={styles.changeKey}>{row.label}</dt>
          <dd className={styles.changeValues}>
            {row.before && (
              <Value
                value={row.before}
                className={row.after ? styles.was : undefined}
                prefix={row.after ? 'было' : undefined}
              />
            )}
            {row.before && row.after && (
              <span className={styles.arrow} aria-hidden="true">
                →
              </span>
            )}
            {row.after && <Value value={row.after} prefix={row.before ? 'стало' : undefined} />}
          </dd>
        </div>
      ))}
    </dl>
  );
};

/** One side's value; a long one shows its start and unfolds to the whole (a native disclosure). */
const Value = ({ value, className, prefix }: { value: ShownValue; className?: string; prefix?: string }) => {
  const said = prefix && <span className="visually-hidden">{prefix}: </span>;
  if (value.full === null) {
    return (
      <span className={className ?? styles.now}>
        {said}
        {value.text}
      </span>
    );
  }
  return (
    <details className={styles.longValue}>
      <summary className={className ?? styles.now}>
        {said}
        {value.text}
      </summary>
      <pre className={styles.json}>{value.full}</pre>
    </details>
  );
};
