import { LOSS_REASON_NOT_FOUND, type ClosingInput } from '@crm/contract';
import type { Db } from '../db/database.js';
import { invalidField } from '../http/app-error.js';
import { findLossReason } from './categories/loss-reasons.repository.js';

/** What a move into a stage that ends the pipeline carries (the history and statistics keep it). */
export type Closing = {
  outcome: 'won' | 'lost';
  /** A reason of the list; null for an own text ('Другое'). */
  lossReasonId: number | null;
  /** The reason's name at the move, or the own text; null for a win. */
  lossReason: string | null;
  /** The final amount given for a win (it becomes the client's amount). */
  finalAmount: number | null;
};

export const REASON_REQUIRED = 'Укажите причину отказа: выберите её из списка или напишите свою («Другое»)';
const ONE_REASON = 'Укажите одну причину отказа: из списка или свою («Другое»)';

/**
 * THE rule of a move into a stage (docs/product.md §4.6), for every way a client moves: the
 * board, the move control, the edit form, a bulk move. Into 'Отказ' a reason is required: one of
 * the project's list (another project's or a deleted id → 422) or an own text; into 'Успех' the
 * final amount is optional. Answers null for an ordinary stage (the payload is then ignored).
 * Check it once per request before moving anyone; pass its answer to `moveHeldClient`.
 */
export async function resolveClosing(
  db: Db,
  projectId: number,
  target: { outcome: 'won' | 'lost' | null },
  input: ClosingInput,
): Promise<Closing | null> {
  if (target.outcome === null) return null;
  if (target.outcome === 'won') {
    return { outcome: 'won', lossReasonId: null, lossReason: null, finalAmount: input.final_amount ?? null };
  }
  const text = input.loss_reason_text?.trim() ?? '';
  const id = input.loss_reason_id ?? null;
  if (id !== null && text !== '') throw invalidField('loss_reason_id', ONE_REASON);
  if (id !== null) {
    const reason = await findLossReason(db, projectId, id);
    if (!reason) throw invalidField('loss_reason_id', LOSS_REASON_NOT_FOUND);
    return { outcome: 'lost', lossReasonId: reason.id, lossReason: reason.name, finalAmount: null };
  }
  if (text === '') throw invalidField('loss_reason_id', REASON_REQUIRED);
  return { outcome: 'lost', lossReasonId: null, lossReason: text, finalAmount: null };
}

/** The history's words for it: 'Отказ: Дорого', 'Успех, итоговая сумма 120 000'. */
export function closingText(closing: Closing, previousAmount: number) {
  if (closing.outcome === 'lost') return `Отказ: ${closing.lossReason ?? ''}`;
  if (closing.finalAmount === null) return 'Успех';
  const amount = closing.finalAmount.toLocaleString('ru-RU');
  return closing.finalAmount === previousAmount
    ? `Успех, итоговая сумма ${amount}`
    : `Успех, итоговая сумма ${amount} (была ${previousAmount.toLocaleString('ru-RU')})`;
}
