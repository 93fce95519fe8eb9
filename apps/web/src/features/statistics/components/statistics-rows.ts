import dayjs from 'dayjs';
import type { StatisticsAnswer } from '@crm/contract';
import { API_DATE_FORMAT } from '@/lib/dates';

/**
 * The answer laid out for the cards: each figure beside its category (in pipeline order, in its
 * colour), and the new clients on every day or month of the period, quiet ones at zero.
 */

type Category = StatisticsAnswer['categories'][number];

export type FunnelRow = {
  id: number;
  name: string;
  fill: string;
  entered: number;
  conversion: number | null;
};

export type AmountRow = { id: number; name: string; fill: string; clients: number; amount: number };

export type StageTimeRow = {
  id: number;
  name: string;
  fill: string;
  stays: number;
  median: number | null;
  p90: number | null;
};

export type BucketRow = { bucket: string; clients: number; amount: number };

/** A category's colour from the data ('AC8BE5' → '#AC8BE5'). */
const fillOf = (c: Category) => `#${c.color}`;

export const funnelRows = (answer: StatisticsAnswer): FunnelRow[] => {
  const byId = new Map(answer.funnel.map((s) => [s.category_id, s]));
  return answer.categories.map((c) => {
    const stage = byId.get(c.id);
    return {
      id: c.id,
      name: c.name,
      fill: fillOf(c),
      entered: stage?.entered ?? 0,
      conversion: stage?.conversion ?? null,
    };
  });
};

export const amountRows = (answer: StatisticsAnswer): AmountRow[] => {
  const byId = new Map(answer.category_amounts.map((a) => [a.category_id, a]));
  return answer.categories.map((c) => ({
    id: c.id,
    name: c.name,
    fill: fillOf(c),
    clients: byId.get(c.id)?.clients ?? 0,
    amount: byId.get(c.id)?.amount ?? 0,
  }));
};

export const stageTimeRows = (answer: StatisticsAnswer): StageTimeRow[] => {
  const byId = new Map(answer.stage_time.map((s) => [s.category_id, s]));
  return answer.categories.map((c) => {
    const time = byId.get(c.id);
    return {
      id: c.id,
      name: c.name,
      fill: fillOf(c),
      stays: time?.stays ?? 0,
      median: time?.median_seconds ?? null,
      p90: time?.p90_seconds ?? null,
    };
  });
};

/** Every day (or month) from `from` to `to`, with the answer's figures where it has them. */
export const bucketRows = (answer: StatisticsAnswer): BucketRow[] => {
  const byBucket = new Map(answer.new_clients.map((b) => [b.bucket, b]));
  const unit = answer.granularity;
  const format = unit === 'day' ? API_DATE_FORMAT : 'YYYY-MM';
  const last = dayjs(answer.to).format(format);
  const rows: BucketRow[] = [];
  // The answer's own buckets beyond the walk (should it count differently) are not lost.
  for (let at = dayjs(answer.from).startOf(unit); rows.length <= 400; at = at.add(1, unit)) {
    const bucket = at.format(format);
    const found = byBucket.get(bucket);
    rows.push({ bucket, clients: found?.clients ?? 0, amount: found?.amount ?? 0 });
    byBucket.delete(bucket);
    if (bucket >= last) break;
  }
  for (const extra of byBucket.values()) rows.push({ ...extra });
  return rows.sort((a, b) => (a.bucket < b.bucket ? -1 : 1));
};

/** A goal's category names, in pipeline order; goals of categories the answer lacks are dropped. */
export const goalCategoryRows = (answer: StatisticsAnswer, goals: StatisticsAnswer['goals'][number]) => {
  const byId = new Map(goals.categories.map((g) => [g.category_id, g]));
  return answer.categories.flatMap((c) => {
    const goal = byId.get(c.id);
    return goal ? [{ id: c.id, name: c.name, fill: fillOf(c), goal: goal.goal, done: goal.done }] : [];
  });
};
