import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { CALL_COMMENT_MAX, CALL_OUTCOMES, callOutcomeLabels, tooLong, type CallOutcome } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import inputStyles from '@/ui/input.module.css';
import { ModalFormActions } from '@/ui/modal';
import { useLogCall } from '@/features/clients/client-page/api/log-call';
import styles from './client-page.module.css';

export const CALL_LOGGED = 'Звонок записан!';
const DURATION_WORDS = 'Минуты и секунды: целые числа, секунд не больше 59';

type Values = { outcome: CallOutcome | ''; minutes: string; seconds: string; comment: string };

const whole = (text: string) => (text.trim() === '' ? 0 : /^\d+$/.test(text.trim()) ? Number(text) : NaN);

/**
 * 'Записать звонок' (docs/product.md §4.8, "Logged calls"): the outcome from the short list as
 * buttons a thumb can hit, the duration in minutes and seconds, a comment. A refusal keeps what
 * was typed and says why under its field.
 */
export const LogCallForm = ({
  projectId,
  clientId,
  onDone,
}: {
  projectId: number;
  clientId: number;
  onDone: () => void;
}) => {
  const log = useLogCall(projectId, clientId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { outcome: '', minutes: '', seconds: '', comment: '' } });
  const comment = watch('comment');
  const overLimit = comment.length > CALL_COMMENT_MAX;

  const onSubmit = handleSubmit(async (values) => {
    const minutes = whole(values.minutes);
    const seconds = whole(values.seconds);
    if (Number.isNaN(minutes) || Number.isNaN(seconds) || seconds > 59) {
      setError('minutes', { type: 'local', message: DURATION_WORDS });
      return;
    }
    try {
      await log.mutateAsync({
        outcome: values.outcome as CallOutcome,
        duration: minutes * 60 + seconds,
        comment: values.comment,
      });
    } catch (error) {
      applyServerErrors(error, setError, ['outcome', 'comment', 'minutes'], { duration: 'minutes' });
      return;
    }
    toast.success(CALL_LOGGED);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Звонок">
      <fieldset
        className={styles.outcomes}
        aria-describedby={errors.outcome ? 'call-outcome-error' : undefined}
      >
        <legend className={inputStyles.label}>
          Чем закончился звонок <span aria-hidden="true">*</span>
        </legend>
        <div className={styles.outcomeList}>
          {CALL_OUTCOMES.map((outcome) => (
            <label key={outcome} className={styles.outcome}>
              <input
                type="radio"
                value={outcome}
                {...register('outcome', { required: 'Выберите, чем закончился звонок' })}
              />
              <span>{callOutcomeLabels[outcome]}</span>
            </label>
          ))}
        </div>
        {errors.outcome?.message && (
          <span id="call-outcome-error" className={inputStyles.error} role="alert">
            {errors.outcome.message}
          </span>
        )}
      </fieldset>
      <div className={styles.duration}>
        <Input
          label="Минуты"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          error={errors.minutes?.message}
          {...register('minutes')}
        />
        <Input
          label="Секунды"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          {...register('seconds')}
        />
      </div>
      <div className={inputStyles.field}>
        <label htmlFor="call-comment" className={inputStyles.label}>
          Комментарий
        </label>
        <textarea
          id="call-comment"
          rows={4}
          className={cx(
            inputStyles.input,
            styles.textarea,
            (errors.comment || overLimit) && inputStyles.invalid,
          )}
          placeholder="О чём говорили"
          aria-invalid={errors.comment || overLimit ? true : undefined}
          aria-describedby={errors.comment || overLimit ? 'call-comment-error' : undefined}
          {...register('comment')}
        />
        {(errors.comment?.message || overLimit) && (
          <span id="call-comment-error" className={inputStyles.error} role="alert">
            {errors.comment?.message ?? tooLong(CALL_COMMENT_MAX)}
          </span>
        )}
      </div>
      <ModalFormActions onCancel={onDone} submitText="Записать" loading={isSubmitting} disabled={overLimit} />
    </form>
  );
};
