import type { LossReasonCount, StatisticsAnswer } from '@crm/contract';
import { Bar } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { chartTooltip, RowBarChart, useSeriesMotion } from './chart-parts';
import { StatCard } from './stat-card';
import { csvOf, StatTable, type StatColumn } from './stat-table';
import styles from './statistics.module.css';
import { formatPercent } from './statistics-format';

type ReasonRow = LossReasonCount & { key: string; share: number };

const columns: StatColumn<ReasonRow>[] = [
  {
    header: 'Причина',
    name: (r) => r.name,
    cell: (r) => <span className={styles.ellipsis}>{r.name}</span>,
    csv: (r) => r.name,
  },
  { header: 'Клиентов', numeric: true, cell: (r) => formatNumber(r.clients), csv: (r) => r.clients },
  {
    header: 'Доля',
    numeric: true,
    cell: (r) => formatPercent(r.share),
    csv: (r) => Math.round(r.share * 1000) / 10,
  },
];

const tooltip = chartTooltip<ReasonRow>(
  (r) => r.name,
  (r) => [
    { label: 'Клиентов', value: formatNumber(r.clients), color: 'var(--color-danger)' },
    { label: 'Доля', value: formatPercent(r.share) },
  ],
);

type LossReasonsSectionProps = { answer: StatisticsAnswer; period: { from: string; to: string } };

/** Причины отказов (docs/product.md §9.2): why the period's lost clients were lost, most frequent first. */
export const LossReasonsSection = ({ answer, period }: LossReasonsSectionProps) => {
  const motion = useSeriesMotion();
  const total = answer.loss_reasons.reduce((sum, r) => sum + r.clients, 0);
  const rows: ReasonRow[] = answer.loss_reasons.map((r) => ({
    ...r,
    key: r.reason_id === null ? (r.other ? 'other' : 'none') : String(r.reason_id),
    share: total > 0 ? r.clients / total : 0,
  }));
  return (
    <StatCard
      title="Причины отказов"
      text="Почему клиентов перевели в «Отказ» за период: причины из списка, «Другое» — свои"
      section="loss-reasons"
      period={period}
      csv={csvOf(columns, rows)}
      empty={rows.length === 0}
      chart={
        <RowBarChart data={rows} tooltip={tooltip} valueAxis={{ allowDecimals: false }}>
          <Bar {...motion} dataKey="clients" name="Клиентов" fill="var(--color-danger)" maxBarSize={28} />
        </RowBarChart>
      }
      table={<StatTable caption="Причины отказов" columns={columns} rows={rows} rowKey={(r) => r.key} />}
    />
  );
};
