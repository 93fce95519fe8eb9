import { z } from 'zod';
import { idSchema, requiredText } from './common.js';

// ---- loss reasons (docs/product.md §4.6, "Stages that end the pipeline") ------------------------

/** A project's reasons list: admins keep it; 'Другое' with an own text is always offered beside it. */
export const LOSS_REASONS_MAX = 100;
export const LOSS_REASON_NAME_MAX = 100;
/** The reason the dialog offers after the list: the person writes his own. */
export const OTHER_LOSS_REASON = 'Другое';

export const lossReasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type LossReason = z.infer<typeof lossReasonSchema>;

export const lossReasonParams = z.object({ projectId: idSchema, id: idSchema });

export const lossReasonBody = z.object({ name: requiredText(LOSS_REASON_NAME_MAX) });
export type LossReasonBody = z.input<typeof lossReasonBody>;
