import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  LOSS_REASON_TEXT_MAX,
  OTHER_LOSS_REASON,
  parseAmount,
  type CategoryOutcome,
  type ClosingBody,
} from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import { useSessionModals } from '@/lib/session-modals';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { useLossReasons } from '@/features/clients/categories/api/get-loss-reasons';
import styles from './closing-dialog.module.css';

/** The stage a client is moved into, as the board and the move control know it. */
export type MoveTarget = { id: number; name: string; outcome: CategoryOutcome | null };

const OTHER = 'other';
const CHOOSE_REASON = 'Выберите причину отказа';
const WRITE_REASON = 'Напишите причину отказа';

/** What the dialog asks: a reason ('' none yet, a reason's id, or 'other' with a text), or an amount. */
const closingForm = z
  .object({
    outcome: z.enum(['won', 'lost']),
    // No radio checked reads as null: the same message as none chosen.
    reason: z.string({ error: CHOOSE_REASON }),
    text: z.string(),
    amount: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'won') {
      const read = parseAmount(v.amount);
      if ('error' in read) ctx.addIssue({ code: 'custom', path: ['amount'], message: read.error });
      return;
    }
    if (v.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: CHOOSE_REASON });
    if (v.reason === OTHER && v.text.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['text'], message: WRITE_REASON });
    if (v.reason === OTHER && v.text.trim().length > LOSS_REASON_TEXT_MAX)
      ctx.addIssue({ code: 'custom', path: ['text'], message: `Не более ${LOSS_REASON_TEXT_MAX} символов` });
  });
type ClosingForm = z.infer<typeof closingForm>;

/** The form's answer as the move sends it. */
const closingOf = (v: ClosingForm): ClosingBody => {
  if (v.outcome === 'won') {
    const read = parseAmount(v.amount);
    return v.amount.trim() !== '' && 'value' in read ? { final_amount: read.value } : {};
  }
  return v.reason === OTHER ? { loss_reason_text: v.text.trim() } : { loss_reason_id: Number(v.reason) };
};

type ClosingDialogProps = {
  projectId: number;
  outcome: CategoryOutcome;
  /** The client's amount now: the final amount's placeholder. */
  amount: number;
  onMove: (closing: ClosingBody) => Promise<unknown>;
  onDone: () => void;
};

/**
 * docs/product.md §4.6: moving a client into 'Отказ' asks why — a reason of the project's list or
 * 'Другое' with a text; into 'Успех' it offers the final amount (optional). The move is sent from
 * here; a refusal's message stays under its field, and the client stays where he was.
 */
export const ClosingDialog = ({ projectId, outcome, amount, onMove, onDone }: ClosingDialogProps) => {
  const formId = useId();
  const reasons = useLossReasons(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ClosingForm>({
    resolver: zodResolver(closingForm),
    defaultValues: { outcome, reason: '', text: '', amount: '' },
  });
  const reason = watch('reason');
  const text = watch('text');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onMove(closingOf(values));
    } catch (error) {
      applyServerErrors(error, setError, ['reason', 'text', 'amount'], {
        loss_reason_id: 'reason',
        loss_reason_text: 'text',
        final_amount: 'amount',
      });
      return;
    }
    onDone();
  });

  return (
    <form id={formId} className={formStyles.form} onSubmit={onSubmit} noValidate>
      {outcome === 'lost' ? (
        <>
          <fieldset
            className={styles.reasons}
            aria-describedby={errors.reason ? `${formId}-reason-error` : undefined}
            data-testid="loss-reasons"
          >
            <legend className={styles.legend}>Причина отказа *</legend>
            {(reasons.data ?? []).map((r, i) => (
              <label key={r.id} className={styles.choice}>
                <input
                  type="radio"
                  value={String(r.id)}
                  {...register('reason')}
                  data-autofocus={i === 0 || undefined}
                />
                <span>{r.name}</span>
              </label>
            ))}
            <label className={styles.choice}>
              <input type="radio" value={OTHER} {...register('reason')} />
              <span>{OTHER_LOSS_REASON}</span>
            </label>
          </fieldset>
          {errors.reason && (
            <span id={`${formId}-reason-error`} className={formStyles.error} role="alert">
              {errors.reason.message}
            </span>
          )}
          {reason === OTHER && (
            <label className={styles.textLabel}>
              Своя причина *
              <textarea
                className={styles.text}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={`${formId}-text-counter`}
                {...register('text')}
                autoFocus
              />
              <span
                id={`${formId}-text-counter`}
                className={cx(styles.counter, text.trim().length > LOSS_REASON_TEXT_MAX && styles.over)}
              >
                {text.trim().length} / {LOSS_REASON_TEXT_MAX}
              </span>
              {errors.text && (
                <span className={formStyles.error} role="alert">
                  {errors.text.message}
                </span>
              )}
            </label>
          )}
        </>
      ) : (
        <Input
          label="Итоговая сумма"
          hint="Необязательно: станет суммой клиента. Пусто — сумма останется прежней."
          inputMode="numeric"
          autoComplete="off"
          placeholder={amount > 0 ? amount.toLocaleString('ru-RU') : 'Например, 120 000'}
          data-autofocus
          error={errors.amount?.message}
          {...register('amount')}
        />
      )}
      <ModalFormActions onCancel={onDone} submitText="Перевести" loading={isSubmitting} />
    </form>
  );
};

/**
 * Every way a client moves on the board goes through this: into an ordinary stage at once, into a
 * stage that ends the pipeline through the dialog. `move` sends the move with what was given.
 */
export const useClosingMove = (projectId: number) => {
  const modals = useSessionModals();
  return useCallback(
    (
      /** Who moves: a client, or (a bulk move) `{ name: '12 клиентов', amount: 0 }`. */
      client: { name: string; last_name?: string; amount: number },
      target: MoveTarget,
      move: (closing: ClosingBody) => Promise<unknown>,
    ) => {
      if (target.outcome === null) {
        void move({}).catch(() => undefined);
        return;
      }
      const outcome = target.outcome;
      modals.open(
        ({ close }) => (
          <ClosingDialog
            projectId={projectId}
            outcome={outcome}
            amount={client.amount}
            onMove={move}
            onDone={close}
          />
        ),
        {
          title: `${outcome === 'lost' ? 'Отказ' : 'Успех'}: ${[client.name, client.last_name].filter(Boolean).join(' ')} → «${target.name}»`,
        },
      );
    },
    [modals, projectId],
  );
};
