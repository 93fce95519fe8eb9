import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import {
  AXIS_TICK,
  barChartHeight,
  CategoryTick,
  chartTooltip,
  compactNumber,
  datumFillBar,
  GRID_STROKE,
  useNameWidth,
  useSeriesMotion,
} from './chart-parts';
import { StatCard } from './stat-card';
import { categoryColumn, csvOf, StatTable, type StatColumn } from './stat-table';
import { formatPercent } from './statistics-format';
import type { DayRange } from './statistics-period';
import type { FunnelRow } from './statistics-rows';

const columns: StatColumn<FunnelRow>[] = [
  categoryColumn(),
  { header: 'Вошли', numeric: true, cell: (r) => formatNumber(r.entered), csv: (r) => r.entered },
  {
    header: 'Конверсия в следующую',
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
    { label: 'Конверсия в следующую', value: formatPercent(r.conversion) },
  ],
);

/** 1. Воронка: clients that entered each stage in the period, and how many went on to the next. */
export const FunnelSection = ({ rows, period }: { rows: FunnelRow[]; period: DayRange }) => {
  const nameWidth = useNameWidth();
  const motion = useSeriesMotion();
  return (
    <StatCard
      title="Воронка"
      text="Клиенты, впервые вошедшие в категорию за период, и конверсия в следующую"
      section="funnel"
      period={period}
      csv={csvOf(columns, rows)}
      empty={rows.every((r) => r.entered === 0)}
      chart={
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
          <Bar
            {...motion}
            dataKey="entered"
            name="Вошли"
            shape={solidBar}
            radius={[0, 4, 4, 0]}
            maxBarSize={28}
          />
        </BarChart>
      }
      table={<StatTable caption="Воронка по категориям" columns={columns} rows={rows} rowKey={(r) => r.id} />}
    />
  );
};
