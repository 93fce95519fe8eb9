import { z } from 'zod';
import { idSchema, requiredText, wholeNumber } from './common.js';

/** Goals and deposit goals are whole, non-negative numbers (client amounts are digits only). */
export const GOAL_MAX = 1_000_000;
export const DEPOSIT_GOAL_MAX = 1_000_000_000_000;

/** A manager level (docs/product.md §4.5); goals are per client category. */
export const statusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  deposit_goal: z.number(),
});
export type Status = z.infer<typeof statusSchema>;

export const statusParams = z.object({ projectId: idSchema, id: idSchema });

/** The add status modal: 'Название статуса' and 'По умолчанию'. */
export const statusCreateBody = z.object({
  name: requiredText(100),
  is_default: z.boolean().optional().default(false),
});
export type StatusCreateBody = z.input<typeof statusCreateBody>;

/** is_default omitted: unchanged. A default status is un-defaulted only by making another default. */
export const statusUpdateBody = z.object({
  name: requiredText(100),
  is_default: z.boolean().optional(),
});
export type StatusUpdateBody = z.input<typeof statusUpdateBody>;

export const depositGoalBody = z.object({ deposit_goal: wholeNumber(DEPOSIT_GOAL_MAX) });
export type DepositGoalBody = z.input<typeof depositGoalBody>;

/** How many clients a manager of this status should bring into the category. */
export const statusGoalSchema = z.object({
  client_category_id: z.number().int(),
  goal: z.number().int(),
});
export type StatusGoal = z.infer<typeof statusGoalSchema>;

/** docs/product.md §4.5: {goals: [{client_category_id, goal}]}; listed categories are set, others kept. */
export const setGoalsBody = z.object({
  goals: z
    .array(
      z.object({
        client_category_id: z.number({ error: 'Выберите категорию' }).int().positive(),
        goal: wholeNumber(GOAL_MAX),
      }),
    )
    .max(500),
});
export type SetGoalsBody = z.input<typeof setGoalsBody>;
