import { Bar } from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { ChartLegend, chartTooltip, datumFillBar, RowBarChart, useSeriesMotion } from './chart-parts';
import { StatCard } from './stat-card';
import { categoryColumn, csvOf, StatTable, type StatColumn } from './stat-table';
import { formatDuration } from './statistics-format';
import type { DayRange } from './statistics-period';
import type { StageTimeRow } from './statistics-rows';

const P90_OPACITY = 0.4;
const medianBar = datumFillBar();
const p90Bar = datumFillBar(P90_OPACITY);

/** The chart's unit: the largest in which the longest stay is at least 2 of it. */
const UNITS = [
  { seconds: 86_400, label: 'дни', from: 2 * 86_400 },
  { seconds: 3_600, label: 'часы', from: 2 * 3_600 },
  { seconds: 60, label: 'минуты', from: 2 * 60 },
  { seconds: 1, label: 'секунды', from: 0 },
] as const;
const unitFor = (rows: StageTimeRow[]) => {
  const longest = Math.max(0, ...rows.map((r) => r.p90 ?? r.median ?? 0));
  return UNITS.find((u) => longest >= u.from) ?? UNITS[3];
};

const columns: StatColumn<StageTimeRow>[] = [
  categoryColumn(),
  { header: 'Пребываний', numeric: true, cell: (r) => formatNumber(r.stays), csv: (r) => r.stays },
  { header: 'Медиана', numeric: true, cell: (r) => formatDuration(r.median), csv: (r) => r.median ?? '' },
  { header: '90-й перцентиль', numeric: true, cell: (r) => formatDuration(r.p90), csv: (r) => r.p90 ?? '' },
];
// The file keeps seconds, which a spreadsheet can compute with; the headers say so.
const csvColumns = columns.map((c, i) => (i >= 2 ? { ...c, header: `${c.header}, секунд` } : c));

const tooltip = chartTooltip<StageTimeRow>(
  (r) => r.name,
  (r) => [
    { label: 'Медиана', value: formatDuration(r.median), color: r.fill },
    { label: '90-й перцентиль', value: formatDuration(r.p90) },
    { label: 'Пребываний', value: formatNumber(r.stays) },
  ],
);

/** 4. Время в стадии: how long clients stayed in each stage, over the stays that ended in the period. */
export const StageTimeSection = ({ rows, period }: { rows: StageTimeRow[]; period: DayRange }) => {
  const motion = useSeriesMotion();
  const unit = unitFor(rows);
  const data = rows.map((r) => ({
    ...r,
    medianValue: r.median === null ? null : r.median / unit.seconds,
    p90Value: r.p90 === null ? null : r.p90 / unit.seconds,
  }));
  return (
    <StatCard
      title="Время в стадии"
      text="Сколько клиенты пробыли в категории: медиана и 90-й перцентиль"
      section="stage-time"
      period={period}
      csv={csvOf(csvColumns, rows)}
      empty={rows.every((r) => r.stays === 0)}
      chart={
        <>
          <RowBarChart
            data={data}
            tooltip={tooltip}
            rowHeight={44}
            barGap={2}
            valueAxis={{
              tickFormatter: (v: number) => String(Math.round(v * 10) / 10).replace('.', ','),
              label: {
                value: unit.label,
                position: 'insideBottomRight',
                offset: -12,
                fill: 'var(--color-muted)',
                fontSize: 12,
              },
            }}
          >
            <Bar
              {...motion}
              dataKey="medianValue"
              name="Медиана"
              shape={medianBar}
              radius={[0, 4, 4, 0]}
              maxBarSize={16}
            />
            <Bar
              {...motion}
              dataKey="p90Value"
              name="90-й перцентиль"
              shape={p90Bar}
              radius={[0, 4, 4, 0]}
              maxBarSize={16}
            />
          </RowBarChart>
          <ChartLegend
            items={[
              { label: 'Медиана', color: 'var(--color-muted)' },
              { label: '90-й перцентиль (светлее)', color: 'var(--color-muted)', opacity: P90_OPACITY },
            ]}
          />
        </>
      }
      table={<StatTable caption="Время в стадии" columns={columns} rows={rows} rowKey={(r) => r.id} />}
    />
  );
};
