import { Area, Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import {
  AXIS_TICK,
  ChartLegend,
  chartTooltip,
  compactNumber,
  GRID_STROKE,
  useSeriesMotion,
} from './chart-parts';
import { StatCard } from './stat-card';
import { csvOf, StatTable, type StatColumn } from './stat-table';
import { formatBucket } from './statistics-format';
import type { DayRange } from './statistics-period';
import type { BucketRow } from './statistics-rows';

const CLIENTS_COLOR = 'var(--color-primary)';
const AMOUNT_COLOR = 'var(--color-info)';

const columnsFor = (unit: 'day' | 'month'): StatColumn<BucketRow>[] => [
  { header: unit === 'day' ? 'День' : 'Месяц', cell: (r) => formatBucket(r.bucket), csv: (r) => r.bucket },
  { header: 'Новые клиенты', numeric: true, cell: (r) => formatNumber(r.clients), csv: (r) => r.clients },
  { header: 'Сумма', numeric: true, cell: (r) => formatNumber(r.amount), csv: (r) => r.amount },
];

const tooltip = chartTooltip<BucketRow>(
  (r) => formatBucket(r.bucket),
  (r) => [
    { label: 'Новые клиенты', value: formatNumber(r.clients), color: CLIENTS_COLOR },
    { label: 'Сумма', value: formatNumber(r.amount), color: AMOUNT_COLOR },
  ],
);

type NewClientsSectionProps = { rows: BucketRow[]; unit: 'day' | 'month'; period: DayRange };

/** 3. Новые клиенты: clients added per day (per month beyond 92 days), and their amounts. */
export const NewClientsSection = ({ rows, unit, period }: NewClientsSectionProps) => {
  const columns = columnsFor(unit);
  const few = rows.length <= 7;
  const motion = useSeriesMotion();
  const clients = rows.reduce((sum, r) => sum + r.clients, 0);
  const amount = rows.reduce((sum, r) => sum + r.amount, 0);
  return (
    <StatCard
      wide
      title="Новые клиенты"
      text={
        unit === 'day'
          ? 'Добавленные клиенты по дням и их суммы'
          : 'Добавленные клиенты по месяцам и их суммы'
      }
      section="new-clients"
      period={period}
      csv={csvOf(columns, rows)}
      empty={clients === 0}
      chart={
        <>
          <ComposedChart
            data={rows}
            responsive
            style={{ width: '100%', height: 280 }}
            margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
          >
            <CartesianGrid vertical={false} stroke={GRID_STROKE} />
            <XAxis dataKey="bucket" tick={AXIS_TICK} tickFormatter={formatBucket} minTickGap={16} />
            <YAxis
              yAxisId="clients"
              allowDecimals={false}
              tick={AXIS_TICK}
              tickFormatter={compactNumber}
              width={44}
            />
            <YAxis
              yAxisId="amount"
              orientation="right"
              tick={AXIS_TICK}
              tickFormatter={compactNumber}
              width={64}
            />
            <Tooltip content={tooltip} />
            {/* A day or a week as bars: an area over a few points says little. */}
            {few ? (
              <Bar
                {...motion}
                yAxisId="clients"
                dataKey="clients"
                name="Новые клиенты"
                fill={CLIENTS_COLOR}
                fillOpacity={0.85}
                radius={[4, 4, 0, 0]}
                maxBarSize={48}
              />
            ) : (
              <Area
                {...motion}
                yAxisId="clients"
                type="monotone"
                dataKey="clients"
                name="Новые клиенты"
                stroke={CLIENTS_COLOR}
                fill={CLIENTS_COLOR}
                fillOpacity={0.15}
                strokeWidth={2}
                dot={rows.length <= 14}
              />
            )}
            <Line
              {...motion}
              yAxisId="amount"
              type="monotone"
              dataKey="amount"
              name="Сумма"
              stroke={AMOUNT_COLOR}
              strokeWidth={2}
              dot={rows.length <= 14}
            />
          </ComposedChart>
          <ChartLegend
            items={[
              { label: 'Новые клиенты (левая шкала)', color: CLIENTS_COLOR },
              { label: 'Сумма (правая шкала)', color: AMOUNT_COLOR },
            ]}
          />
        </>
      }
      table={
        <StatTable
          caption="Новые клиенты"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.bucket}
          footer={['Итого', formatNumber(clients), formatNumber(amount)]}
        />
      }
    />
  );
};
