import type { StatisticsAnswer } from '@crm/contract';
import { Bar } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { ChartLegend, chartTooltip, RowBarChart, useSeriesMotion } from './chart-parts';
import { StatCard } from './stat-card';
import { csvOf, StatTable, type StatColumn } from './stat-table';
import styles from './statistics.module.css';
import { formatDuration, formatPercent, personName } from './statistics-format';

type OutcomeRow = StatisticsAnswer['outcomes'] & { key: string; name: string };

const SERIES = [
  { key: 'won', label: 'Успех', color: 'var(--color-success)' },
  { key: 'lost', label: 'Отказ', color: 'var(--color-danger)' },
] as const;

const columns: StatColumn<OutcomeRow>[] = [
  {
    header: 'Менеджер',
    name: (r) => r.name,
    cell: (r) => <span className={styles.ellipsis}>{r.name}</span>,
    csv: (r) => r.name,
  },
  { header: 'Успех', numeric: true, cell: (r) => formatNumber(r.won), csv: (r) => r.won },
  { header: 'Отказ', numeric: true, cell: (r) => formatNumber(r.lost), csv: (r) => r.lost },
  {
    header: 'Доля успеха',
    numeric: true,
    cell: (r) => formatPercent(r.win_rate),
    csv: (r) => (r.win_rate === null ? '' : Math.round(r.win_rate * 1000) / 10),
  },
  {
    header: 'Среднее время до успеха',
    numeric: true,
    cell: (r) => formatDuration(r.avg_seconds_to_win),
    csv: (r) => r.avg_seconds_to_win ?? '',
  },
];

const tooltip = chartTooltip<OutcomeRow>(
  (r) => r.name,
  (r) => [
    ...SERIES.map((s) => ({ label: s.label, value: formatNumber(r[s.key]), color: s.color })),
    { label: 'Доля успеха', value: formatPercent(r.win_rate) },
  ],
);

type OutcomesSectionProps = { answer: StatisticsAnswer; period: { from: string; to: string } };

/**
 * Успех и отказы (docs/product.md §9.2): the period's closings — the win rate, won and lost, the
 * average time to win — for the team (or the chosen member) and per member.
 */
export const OutcomesSection = ({ answer, period }: OutcomesSectionProps) => {
  const motion = useSeriesMotion();
  const total: OutcomeRow = { ...answer.outcomes, key: 'total', name: 'Итого' };
  const members: OutcomeRow[] = answer.outcomes_by_manager.map((m) => ({
    ...m,
    key: String(m.manager.id),
    name: personName(m.manager.name, m.former),
  }));
  const rows = answer.manager_id === null ? [...members, total] : members;
  const o = answer.outcomes;
  return (
    <StatCard
      title="Успех и отказы"
      text="Клиенты, впервые переведённые в этапы «Успех» и «Отказ» за период; время до успеха — от первого этапа клиента"
      section="outcomes"
      period={period}
      csv={csvOf(columns, rows)}
      empty={o.won + o.lost === 0}
      chart={
        <>
          <dl className={styles.outcomeFigures} data-testid="outcome-figures">
            <div>
              <dt>Доля успеха</dt>
              <dd>{formatPercent(o.win_rate)}</dd>
            </div>
            <div>
              <dt>Успех</dt>
              <dd>{formatNumber(o.won)}</dd>
            </div>
            <div>
              <dt>Отказ</dt>
              <dd>{formatNumber(o.lost)}</dd>
            </div>
            <div>
              <dt>До успеха в среднем</dt>
              <dd>{formatDuration(o.avg_seconds_to_win)}</dd>
            </div>
          </dl>
          <RowBarChart data={members} tooltip={tooltip} valueAxis={{ allowDecimals: false }}>
            {SERIES.map((s) => (
              <Bar
                {...motion}
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="outcome"
                fill={s.color}
                maxBarSize={28}
              />
            ))}
          </RowBarChart>
          <ChartLegend items={SERIES.map((s) => ({ label: s.label, color: s.color }))} />
        </>
      }
      table={<StatTable caption="Успех и отказы" columns={columns} rows={rows} rowKey={(r) => r.key} />}
    />
  );
};
