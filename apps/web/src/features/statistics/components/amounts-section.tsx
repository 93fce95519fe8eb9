import { Bar } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { chartTooltip, datumFillBar, RowBarChart, useSeriesMotion } from './chart-parts';
import { StatCard } from './stat-card';
import { categoryColumn, csvOf, StatTable, type StatColumn } from './stat-table';
import type { DayRange } from './statistics-period';
import type { AmountRow } from './statistics-rows';

const columns: StatColumn<AmountRow>[] = [
  categoryColumn(),
  { header: 'Клиентов', numeric: true, cell: (r) => formatNumber(r.clients), csv: (r) => r.clients },
  { header: 'Сумма', numeric: true, cell: (r) => formatNumber(r.amount), csv: (r) => r.amount },
];

const solidBar = datumFillBar();

const tooltip = chartTooltip<AmountRow>(
  (r) => r.name,
  (r) => [
    { label: 'Сумма', value: formatNumber(r.amount), color: r.fill },
    { label: 'Клиентов', value: formatNumber(r.clients) },
  ],
);

/** 2. Суммы по категориям: the clients added in the period, by the stage they are in now, and their worth. */
export const AmountsSection = ({ rows, period }: { rows: AmountRow[]; period: DayRange }) => {
  // Each client is in one stage: the sums add up to the period's new clients.
  const clients = rows.reduce((sum, r) => sum + r.clients, 0);
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const motion = useSeriesMotion();
  return (
    <StatCard
      title="Суммы по категориям"
      text="Клиенты, добавленные за период, по категории, где они сейчас, и их суммы"
      section="amounts"
      period={period}
      csv={csvOf(columns, rows)}
      empty={clients === 0}
      chart={
        <RowBarChart data={rows} tooltip={tooltip}>
          <Bar
            {...motion}
            dataKey="amount"
            name="Сумма"
            shape={solidBar}
            radius={[0, 4, 4, 0]}
            maxBarSize={28}
          />
        </RowBarChart>
      }
      table={
        <StatTable
          caption="Суммы по категориям"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          footer={['Итого', formatNumber(clients), formatNumber(total)]}
        />
      }
    />
  );
};
