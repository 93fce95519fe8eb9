import { z } from 'zod';
import { dateParam } from './clients.js';
import { idSchema } from './common.js';

// ---- the statistics page (docs/product.md §9.2) ------------------------------------------------

/** The longest period one answer covers: a year and a day (a leap year's custom range). */
export const STATISTICS_MAX_DAYS = 366;

const dayNumber = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;

/**
 * A period of the project's days, `from` and `to` inclusive; admins see the whole team or one
 * member (`manager_id`), a manager always his own figures (his `manager_id` is ignored, as on the
 * calendar).
 */
export const statisticsQuery = z
  .object({
    from: dateParam,
    to: dateParam,
    manager_id: idSchema.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'Дата «по» не может быть раньше даты «с»', path: ['to'] })
  .refine((q) => q.from > q.to || dayNumber(q.to) - dayNumber(q.from) < STATISTICS_MAX_DAYS, {
    message: `Период не длиннее ${STATISTICS_MAX_DAYS} дней`,
    path: ['to'],
  });
export type StatisticsQuery = z.input<typeof statisticsQuery>;

/** Up to 92 days the new clients are counted per day, beyond that per month. */
export const STATISTICS_DAILY_MAX_DAYS = 92;

const personRef = z.object({ id: z.number().int(), name: z.string() });

/** A pipeline stage as the charts draw it: in `position` order, in its own colour. */
export const statisticsCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Six hex digits without '#'. */
  color: z.string(),
  /** 'won' / 'lost' for a stage that ends the pipeline. */
  outcome: z.enum(['won', 'lost']).nullable(),
});

/**
 * One stage of the funnel: clients that entered it for the first time during the period (a
 * client who comes back to a stage is not counted again). `conversion`: the share of them that
 * then entered a later stage before the period ended, a skipped stage included (0–1; null for
 * the last stage or when none entered).
 */
export const funnelStage = z.object({
  category_id: z.number().int(),
  entered: z.number().int(),
  conversion: z.number().nullable(),
});

/** The clients added during the period, by the stage they are in now, and their amounts now. */
export const categoryAmount = z.object({
  category_id: z.number().int(),
  clients: z.number().int(),
  amount: z.number(),
});

/** New clients per day (`YYYY-MM-DD`) or per month (`YYYY-MM`), with their amounts. */
export const newClientsBucket = z.object({
  bucket: z.string(),
  clients: z.number().int(),
  amount: z.number(),
});

/** How long clients stayed in a stage, over the stays that ended in the period, in seconds. */
export const stageTime = z.object({
  category_id: z.number().int(),
  stays: z.number().int(),
  median_seconds: z.number().int().nullable(),
  p90_seconds: z.number().int().nullable(),
});

/** Reminders that reached an end during the period, per member. */
export const remindersByManager = z.object({
  manager: personRef,
  /** Removed from the project since: his past figures stay counted (whole team only). */
  former: z.boolean(),
  completed: z.number().int(),
  expired: z.number().int(),
  canceled: z.number().int(),
});

/**
 * A manager against the goals of his status over the period: clients of his brought into each
 * category for the first time, and the amounts of the clients he added against `deposit_goal`.
 */
export const managerGoals = z.object({
  manager: personRef,
  /** Removed from the project since (whole team only, when he has figures in the period). */
  former: z.boolean(),
  status: personRef.nullable(),
  categories: z.array(
    z.object({ category_id: z.number().int(), goal: z.number().int(), done: z.number().int() }),
  ),
  deposit: z.object({ goal: z.number(), done: z.number() }),
});

/**
 * Deals closed in the period (docs/product.md §9.2, "Won and lost"): first entries into 'Успех'
 * and 'Отказ' stages. `win_rate`: won / (won + lost), null with none closed; `avg_seconds_to_win`:
 * from the client's first stage entry to his entry into 'Успех', over the wins of the period
 * that were moves (null with none).
 */
export const outcomeFigures = z.object({
  won: z.number().int(),
  lost: z.number().int(),
  win_rate: z.number().nullable(),
  avg_seconds_to_win: z.number().int().nullable(),
});

/** The same per member (the managers, anyone with closings, and former members with closings). */
export const outcomesByManager = outcomeFigures.extend({ manager: personRef, former: z.boolean() });

/**
 * Why clients were lost in the period, most frequent first: a reason of the list (`reason_id`,
 * its name at the move), 'Другое' (own texts, `reason_id` null, `other` true), or none given
 * (a client added straight into 'Отказ': `reason_id` null, `other` false).
 */
export const lossReasonCount = z.object({
  reason_id: z.number().int().nullable(),
  other: z.boolean(),
  name: z.string(),
  clients: z.number().int(),
});

export const statisticsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  /** Whose figures: null for the whole team. */
  manager_id: z.number().int().nullable(),
  granularity: z.enum(['day', 'month']),
  categories: z.array(statisticsCategory),
  funnel: z.array(funnelStage),
  category_amounts: z.array(categoryAmount),
  new_clients: z.array(newClientsBucket),
  stage_time: z.array(stageTime),
  reminders: z.array(remindersByManager),
  goals: z.array(managerGoals),
  outcomes: outcomeFigures,
  outcomes_by_manager: z.array(outcomesByManager),
  loss_reasons: z.array(lossReasonCount),
});
export type StatisticsAnswer = z.infer<typeof statisticsAnswer>;
export type FunnelStage = z.infer<typeof funnelStage>;
export type ManagerGoals = z.infer<typeof managerGoals>;
export type OutcomeFigures = z.infer<typeof outcomeFigures>;
export type OutcomesByManager = z.infer<typeof outcomesByManager>;
export type LossReasonCount = z.infer<typeof lossReasonCount>;
