import type { ClientImport, ImportCounts, ImportDuplicateMode, ImportStatus } from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';
import { cx } from '@/ui/cx';
import {
  countTiles,
  fileLine,
  rowsText,
  STATUS_LABELS,
  STATUS_TONES,
  type StatusTone,
} from './import-status';
import styles from './import.module.css';

/*
 * The pieces every step of the import shows: a progress bar, the status badge, the figures, and
 * the head with the file and the steps.
 */

type ProgressBarProps = {
  /** 0 to 1; null: the total is unknown yet (a sliding piece). */
  share: number | null;
  label: string;
};

export const ProgressBar = ({ share, label }: ProgressBarProps) => {
  const percent = share === null ? null : Math.round(share * 100);
  return (
    <div
      className={cx(styles.bar, share === null && styles.barIndeterminate)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={percent === null ? 'Считаем строки…' : `${percent} %`}
    >
      <div className={styles.barFill} style={percent === null ? undefined : { width: `${percent}%` }} />
    </div>
  );
};

const TONE_CLASSES: Record<StatusTone, string | undefined> = {
  info: styles.toneInfo,
  success: styles.toneSuccess,
  danger: styles.toneDanger,
  primary: styles.tonePrimary,
  muted: undefined,
};

export const StatusBadge = ({ status }: { status: ImportStatus }) => (
  <span className={cx(styles.badge, TONE_CLASSES[STATUS_TONES[status]])} data-testid="import-status">
    {STATUS_LABELS[status]}
  </span>
);

type CountTilesProps = {
  counts: ImportCounts;
  mode: ImportDuplicateMode;
  phase: 'checked' | 'done';
  label: string;
};

/** The figures as tiles: a definition list, each figure under its name. */
export const CountTiles = ({ counts, mode, phase, label }: CountTilesProps) => (
  <dl className={styles.tiles} aria-label={label}>
    {countTiles(counts, mode, phase).map((tile) => (
      <div
        key={tile.key}
        className={styles.tile}
        data-tone={tile.key === 'errors' && tile.value > 0 ? 'danger' : undefined}
        data-testid={`count-${tile.key}`}
      >
        <dt className={styles.tileLabel}>{tile.label}</dt>
        <dd className={styles.tileValue}>{formatNumber(tile.value)}</dd>
        {tile.hint && <dd className={styles.tileHint}>{tile.hint}</dd>}
      </div>
    ))}
  </dl>
);

const STEPS = ['Файл', 'Сопоставление', 'Проверка', 'Импорт'] as const;

/** The step of the four an import is at (0-based): the file is behind it once uploaded. */
const stepIndex = (status: ImportStatus) => {
  if (status === 'uploaded') return 1;
  if (status === 'checking' || status === 'checked') return 2;
  return 3;
};

/** 'Файл → Сопоставление → Проверка → Импорт', the current one marked. */
export const ImportSteps = ({ status }: { status: ImportStatus | null }) => {
  const current = status === null ? 0 : stepIndex(status);
  return (
    <ol className={styles.steps} aria-label="Шаги импорта">
      {STEPS.map((name, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'next';
        return (
          <li
            key={name}
            className={styles.step}
            data-state={state}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <span className={styles.stepName}>{name}</span>
          </li>
        );
      })}
    </ol>
  );
};

/** The import's file: its name, how it was read, who uploaded it and when, and the status. */
export const ImportHead = ({ item }: { item: ClientImport }) => (
  <div className={styles.head}>
    <div className={styles.headMain}>
      <h2 id="import-file-title" className={styles.headTitle} data-testid="import-file-name">
        {item.file_name}
      </h2>
      <p className={styles.muted}>
        {fileLine(item)}
        {item.rows_total !== null && ` · ${rowsText(item.rows_total)}`}
      </p>
      <p className={styles.small}>
        {item.created_by.name}, <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
      </p>
    </div>
    <StatusBadge status={item.status} />
  </div>
);
