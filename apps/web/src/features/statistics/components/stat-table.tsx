import type { CSSProperties, ReactNode } from 'react';
import type { CsvCell } from '@/ui/data-table/csv';
import { cx } from '@/ui/cx';
import styles from './statistics.module.css';

/** A column of a section's table: what a cell shows, and what its CSV field holds. */
export type StatColumn<R> = {
  header: string;
  cell: (row: R) => ReactNode;
  csv: (row: R) => CsvCell;
  /** Figures: right-aligned, in tabular digits. */
  numeric?: boolean;
  /** A name that may be long: cut with '…', the whole name on hover. */
  name?: (row: R) => string;
};

/** The first column of a per-category table: the colour dot and the (cut) name. */
export const categoryColumn = <R extends { name: string; fill: string }>(): StatColumn<R> => ({
  header: 'Категория',
  name: (r) => r.name,
  cell: (r) => (
    <span className={styles.category}>
      <span className={styles.dot} style={{ background: r.fill }} aria-hidden="true" />
      <span className={styles.ellipsis}>{r.name}</span>
    </span>
  ),
  csv: (r) => r.name,
});

/** The header row and the rows of a CSV file made from the same columns as the table. */
export const csvOf = <R,>(columns: StatColumn<R>[], rows: R[]) => ({
  header: columns.map((c) => c.header),
  rows: rows.map((row) => columns.map((c) => c.csv(row))),
});

type StatTableProps<R> = {
  /** Read by screen readers: what the table lists. */
  caption: string;
  columns: StatColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  /** A last row under a line (a total). */
  footer?: ReactNode[];
};

/**
 * A section's figures as a table; on a narrow screen it scrolls sideways inside its card (the
 * scrolling box takes the keyboard focus, so it scrolls by the arrow keys too).
 */
export const StatTable = <R,>({ caption, columns, rows, rowKey, footer }: StatTableProps<R>) => (
  <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={`Таблица «${caption}»`}>
    <table className={styles.table} style={{ '--figures': columns.length - 1 } as CSSProperties}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={cx(c.numeric && styles.num)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c, i) => {
              const Cell = i === 0 ? 'th' : 'td';
              const title = c.name?.(row);
              return (
                <Cell
                  key={c.header}
                  scope={i === 0 ? 'row' : undefined}
                  className={cx(c.numeric && styles.num, c.name && styles.nameCell)}
                  title={title}
                >
                  {c.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            {footer.map((cell, i) => {
              const Cell = i === 0 ? 'th' : 'td';
              return (
                <Cell
                  key={i}
                  scope={i === 0 ? 'row' : undefined}
                  className={cx(columns[i]?.numeric && styles.num)}
                >
                  {cell}
                </Cell>
              );
            })}
          </tr>
        </tfoot>
      )}
    </table>
  </div>
);
