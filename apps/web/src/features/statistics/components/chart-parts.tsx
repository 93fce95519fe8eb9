import type { ReactNode } from 'react';
import {
  BarChart,
  CartesianGrid,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
  type XAxisProps,
} from 'recharts';
import { formatNumber } from '@/lib/numbers';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import styles from './statistics.module.css';

/*
 * What every chart of the page shares: axis text in the design tokens, a category's bar in its own
 * colour, a tooltip box in the look of the app, and long names cut with the whole name on hover.
 */

/** Axis text: the muted token colour at 12 px. */
export const AXIS_TICK = { fill: 'var(--color-muted)', fontSize: 12 } as const;
export const GRID_STROKE = 'var(--color-border)';

/** Axis numbers short enough for a phone: '950', '12 500', '125 тыс', '1,2 млн'. */
export const compactNumber = (value: number): string => {
  const abs = Math.abs(value);
  if (abs < 100_000) return formatNumber(value);
  if (abs < 1_000_000) return `${formatNumber(Math.round(value / 1000))}\u00a0тыс`;
  const millions = value / 1_000_000;
  const text = (abs < 10_000_000 ? millions.toFixed(1) : String(Math.round(millions))).replace('.', ',');
  return `${text.replace(/,0$/, '')}\u00a0млн`;
};

/** A bar filled from its datum's `fill` (the category's colour), lighter with an `opacity` < 1. */
export const datumFillBar =
  (opacity = 1) =>
  (props: BarShapeProps) => {
    const datum = props.payload as { fill?: string } | undefined;
    return <Rectangle {...props} fill={datum?.fill ?? props.fill} fillOpacity={opacity} />;
  };

type CategoryTickProps = {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  /** The room left of the axis, in px: the name is cut to fit it. */
  width: number;
};

/** A category name on the axis, cut with '…' to its room; the whole name shows on hover. */
export const CategoryTick = ({ x = 0, y = 0, payload, width }: CategoryTickProps) => {
  const name = String(payload?.value ?? '');
  // About 7.5 px a character at 12 px (Cyrillic capitals are wide), less the gap to the axis.
  const fits = Math.max(4, Math.floor((width - 10) / 7.5));
  const shown = name.length > fits ? `${name.slice(0, fits - 1)}…` : name;
  return (
    <text x={Number(x) - 6} y={Number(y)} dy={4} textAnchor="end" fill="var(--color-text)" fontSize={12}>
      <title>{name}</title>
      {shown}
    </text>
  );
};

export type TooltipRow = { label: string; value: string; color?: string };

/**
 * The tooltip of a chart: the datum's title and its figures. `rows` reads them from the datum the
 * pointer (or the keyboard) is on.
 */
export const chartTooltip =
  <T,>(title: (datum: T) => string, rows: (datum: T) => TooltipRow[]) =>
  ({ active, payload }: TooltipContentProps): ReactNode => {
    const datum = payload?.[0]?.payload as T | undefined;
    if (!active || datum === undefined) return null;
    return (
      <div className={styles.tooltip} data-testid="chart-tooltip">
        <p className={styles.tooltipTitle}>{title(datum)}</p>
        {rows(datum).map((row) => (
          <p key={row.label} className={styles.tooltipRow}>
            {row.color && (
              <span className={styles.swatch} style={{ background: row.color }} aria-hidden="true" />
            )}
            <span>{row.label}:</span>
            <strong>{row.value}</strong>
          </p>
        ))}
      </div>
    );
  };

type LegendItem = { label: string; color: string; opacity?: number };

/** The series of a chart under it, in HTML (recharts' own legend would not wrap on a phone). */
export const ChartLegend = ({ items }: { items: LegendItem[] }) => (
  <ul className={styles.legend}>
    {items.map((item) => (
      <li key={item.label}>
        <span
          className={styles.swatch}
          style={{ background: item.color, opacity: item.opacity }}
          aria-hidden="true"
        />
        {item.label}
      </li>
    ))}
  </ul>
);

/** The height of a chart with a bar per row, so twelve categories get as much room as three. */
export const barChartHeight = (rows: number, perRow = 36) => Math.max(160, rows * perRow + 48);

/** The room for category names left of the bars: less on a phone. */
export const useNameWidth = () => (useMediaQuery(MOBILE_QUERY) ? 96 : 150);

/** Series grow in the app's short motion (150 ms), and not at all for those who asked for less. */
export const useSeriesMotion = () => ({
  isAnimationActive: !useMediaQuery('(prefers-reduced-motion: reduce)'),
  animationDuration: 150,
});

/**
 * A bar per row (a stage or a manager) with its name on the left: the frame of every bar chart of
 * the page; the caller gives the bars and what its value axis shows.
 */
export const RowBarChart = ({
  data,
  tooltip,
  valueAxis,
  rowHeight,
  barGap,
  children,
}: {
  data: readonly { name: string }[];
  tooltip: (props: TooltipContentProps) => ReactNode;
  valueAxis?: Omit<XAxisProps, 'type' | 'tick'>;
  rowHeight?: number;
  barGap?: number;
  children: ReactNode;
}) => {
  const nameWidth = useNameWidth();
  return (
    <BarChart
      layout="vertical"
      data={data as { name: string }[]}
      responsive
      style={{ width: '100%', height: barChartHeight(data.length, rowHeight) }}
      margin={{ top: 4, right: 16, bottom: valueAxis?.label ? 16 : 4, left: 0 }}
      barGap={barGap}
    >
      <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
      <XAxis type="number" tick={AXIS_TICK} tickFormatter={compactNumber} {...valueAxis} />
      <YAxis
        type="category"
        dataKey="name"
        width={nameWidth}
        interval={0}
        tick={<CategoryTick width={nameWidth} />}
      />
      <Tooltip content={tooltip} cursor={{ fill: 'var(--color-bg)' }} />
      {children}
    </BarChart>
  );
};
