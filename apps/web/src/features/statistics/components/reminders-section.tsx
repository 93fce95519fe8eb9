import type { StatisticsAnswer } from '@crm/contract';
import { Bar } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { ChartLegend, chartTooltip, RowBarChart, useSeriesMotion } from './chart-parts';
import { StatCard } from './stat-card';
import { csvOf, StatTable, type StatColumn } from './stat-table';
import styles from './statistics.module.css';
import { personName } from './statistics-format';

type ReminderRow = StatisticsAnswer['reminders'][number] & { name: string; total: number };

/** The reminder status colours of docs/product.md §10.3. */
const SERIES = [
  { key: 'completed', label: 'Выполнено', color: 'var(--color-success)' },
  { key: 'expired', label: 'Просрочено', color: 'var(--color-danger)' },
  { key: 'canceled', label: 'Отменено', color: 'var(--color-muted)' },
] as const;

const columns: StatColumn<ReminderRow>[] = [
  {
    header: 'Менеджер',
    name: (r) => r.name,
    cell: (r) => <span className={styles.ellipsis}>{r.name}</span>,
    csv: (r) => r.name,
  },
  ...SERIES.map((s): StatColumn<ReminderRow> => ({
    header: s.label,
    numeric: true,
    cell: (r) => formatNumber(r[s.key]),
    csv: (r) => r[s.key],
  })),
  { header: 'Всего', numeric: true, cell: (r) => formatNumber(r.total), csv: (r) => r.total },
];

const tooltip = chartTooltip<ReminderRow>(
  (r) => r.name,
  (r) => SERIES.map((s) => ({ label: s.label, value: formatNumber(r[s.key]), color: s.color })),
);

type RemindersSectionProps = {
  reminders: StatisticsAnswer['reminders'];
  period: { from: string; to: string };
};

/** 5. Напоминания по менеджерам: reminders completed, expired or canceled in the period. */
export const RemindersSection = ({ reminders, period }: RemindersSectionProps) => {
  const motion = useSeriesMotion();
  const rows: ReminderRow[] = reminders.map((r) => ({
    ...r,
    name: personName(r.manager.name, r.former),
    total: r.completed + r.expired + r.canceled,
  }));
  return (
    <StatCard
      title="Напоминания по менеджерам"
      text="Напоминания, выполненные, просроченные или отменённые за период"
      section="reminders"
      period={period}
      csv={csvOf(columns, rows)}
      empty={rows.every((r) => r.total === 0)}
      chart={
        <>
          <RowBarChart data={rows} tooltip={tooltip} valueAxis={{ allowDecimals: false }}>
            {SERIES.map((s) => (
              <Bar
                {...motion}
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="status"
                fill={s.color}
                maxBarSize={28}
              />
            ))}
          </RowBarChart>
          <ChartLegend items={SERIES.map((s) => ({ label: s.label, color: s.color }))} />
        </>
      }
      table={
        <StatTable
          caption="Напоминания по менеджерам"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.manager.id}
        />
      }
    />
  );
};
