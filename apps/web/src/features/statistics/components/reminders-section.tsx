import type { StatisticsAnswer } from '@crm/contract';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import {
  AXIS_TICK,
  barChartHeight,
  CategoryTick,
  ChartLegend,
  chartTooltip,
  compactNumber,
  GRID_STROKE,
  useNameWidth,
  useSeriesMotion,
} from './chart-parts';
import { StatCard } from './stat-card';
import { csvOf, StatTable, type StatColumn } from './stat-table';
import styles from './statistics.module.css';

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
  const nameWidth = useNameWidth();
  const motion = useSeriesMotion();
  const rows: ReminderRow[] = reminders.map((r) => ({
    ...r,
    name: r.manager.name,
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
          <BarChart
            layout="vertical"
            data={rows}
            responsive
            style={{ width: '100%', height: barChartHeight(rows.length) }}
            margin={{ top: 4, right: 16, bottom: 4, left: 0 }}
          >
            <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
            <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} tickFormatter={compactNumber} />
            <YAxis
              type="category"
              dataKey="name"
              width={nameWidth}
              interval={0}
              tick={<CategoryTick width={nameWidth} />}
            />
            <Tooltip content={tooltip} cursor={{ fill: 'var(--color-bg)' }} />
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
          </BarChart>
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
