import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { cx } from '@/ui/cx';
import { downloadCsv, type CsvCell } from '@/ui/data-table/csv';
import { EmptyState } from '@/ui/empty-state';
import type { DayRange } from './statistics-period';
import styles from './statistics.module.css';

export const EMPTY_PERIOD = 'За этот период данных нет';

type View = 'chart' | 'table';

type StatCardProps = {
  title: string;
  /** A muted line under the title: what the figures count. */
  text?: string;
  /** The file's middle part: statistics-{section}-{from}_{to}.csv. */
  section: string;
  period: DayRange;
  csv: { header: string[]; rows: CsvCell[][] };
  /** Nothing happened in the period: the card says so instead of drawing zeros. */
  empty: boolean;
  /** The chart; without one the card shows only `table`. */
  chart?: ReactNode;
  table: ReactNode;
  wide?: boolean;
};

/**
 * One section of the statistics page: its chart or, on 'Таблица', the same figures as a table,
 * and 'Скачать CSV' with the table's rows.
 */
export const StatCard = ({ title, text, section, period, csv, empty, chart, table, wide }: StatCardProps) => {
  const titleId = useId();
  const [view, setView] = useState<View>('chart');
  const shown: View = chart ? view : 'table';
  return (
    <Card
      aria-labelledby={titleId}
      className={cx(styles.card, wide && styles.wide)}
      data-testid={`stat-${section}`}
    >
      <CardHead
        text={text}
        actions={
          !empty && (
            <div className={styles.cardActions}>
              {chart && (
                <div className={styles.segmented} role="group" aria-label={`Вид: ${title}`}>
                  {(['chart', 'table'] as const).map((v) => (
                    <button
                      key={v}
                      type="button"
                      className={cx(styles.segment, v === view && styles.segmentActive)}
                      aria-pressed={v === view}
                      onClick={() => setView(v)}
                    >
                      {v === 'chart' ? 'График' : 'Таблица'}
                    </button>
                  ))}
                </div>
              )}
              <Button
                variant="secondary"
                aria-label={`Скачать CSV: ${title}`}
                onClick={() =>
                  downloadCsv(`statistics-${section}-${period.from}_${period.to}.csv`, csv.header, csv.rows)
                }
              >
                Скачать CSV
              </Button>
            </div>
          )
        }
      >
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHead>
      {empty ? <EmptyState plain icon="statistics" text={EMPTY_PERIOD} /> : shown === 'chart' ? chart : table}
    </Card>
  );
};
