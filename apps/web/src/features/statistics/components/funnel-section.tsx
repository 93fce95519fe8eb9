import { Bar } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { chartTooltip, datumFillBar, RowBarChart, useSeriesMotion } from './chart-parts';
import { StatCard } from './stat-card';
import { categoryColumn, csvOf, StatTable, type StatColumn } from './stat-table';
import { formatPercent } from './statistics-format';
import type { DayRange } from './statistics-period';
import type { FunnelRow } from './statistics-rows';

const columns: StatColumn<FunnelRow>[] = [
  categoryColumn(),
  { header: 'Вошли', numeric: true, cell: (r) => formatNumber(r.entered), csv: (r) => r.entered },
  {
    header: 'Пошли дальше',
    numeric: true,
    cell: (r) => formatPercent(r.conversion),
    csv: (r) => (r.conversion === null ? '' : Math.round(r.conversion * 1000) / 10),
  },
];

const solidBar = datumFillBar();

const tooltip = chartTooltip<FunnelRow>(
  (r) => r.name,
  (r) => [
    { label: 'Вошли', value: formatNumber(r.entered), color: r.fill },
    { label: 'Пошли дальше', value: formatPercent(r.conversion) },
  ],
);

/** 1. Воронка: clients that entered each stage in the period, and the share of them that went further. */
export const FunnelSection = ({ rows, period }: { rows: FunnelRow[]; period: DayRange }) => {
  const motion = useSeriesMotion();
  return (
    <StatCard
      title="Воронка"
      text="Клиенты, впервые вошедшие в категорию за период, и какая доля из них к концу периода перешла в любую следующую категорию"
      section="funnel"
      period={period}
      csv={csvOf(columns, rows)}
      empty={rows.every((r) => r.entered === 0)}
      chart={
        <RowBarChart data={rows} tooltip={tooltip} valueAxis={{ allowDecimals: false }}>
          <Bar
            {...motion}
            dataKey="entered"
            name="Вошли"
            shape={solidBar}
            radius={[0, 4, 4, 0]}
            maxBarSize={28}
          />
        </RowBarChart>
      }
      table={<StatTable caption="Воронка по категориям" columns={columns} rows={rows} rowKey={(r) => r.id} />}
    />
  );
};
