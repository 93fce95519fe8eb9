import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { depositGoalBody, type Status } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import { digitsOnly, formatNumber } from '@/lib/numbers';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { useSetDepositGoal } from '@/features/statuses/api/set-deposit-goal';
import styles from './statuses.module.css';

export const GOAL_SAVED = 'Цель сохранен!';

type DepositGoalFormProps = { projectId: number; status: Status };

/**
 * What the number means, not an echo of it: a goal the manager is to reach (the digits are shown
 * grouped, as the box shows them bare).
 */
const depositHint = (value: number | undefined): string =>
  typeof value === 'number' && value > 0
    ? `Менеджер с этим статусом должен набрать клиентов на сумму ${formatNumber(value)}`
    : 'Только цифры; 0 — без цели по депозиту';

/** The deposit goal (PUT …/deposit-goal): digits only, whole and non-negative. */
export const DepositGoalForm = ({ projectId, status }: DepositGoalFormProps) => {
  const depositMutation = useSetDepositGoal(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(depositGoalBody),
    defaultValues: { deposit_goal: status.deposit_goal },
  });
  const field = register('deposit_goal', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) });
  const value = watch('deposit_goal');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await depositMutation.mutateAsync({ statusId: status.id, body: values });
    } catch (error) {
      applyServerErrors(error, setError, ['deposit_goal']);
      return;
    }
    toast.success(GOAL_SAVED);
  });

  return (
    <form className={styles.inlineForm} onSubmit={onSubmit} noValidate>
      <Input
        label="Цель по депозиту"
        inputMode="numeric"
        autoComplete="off"
        digitsMaxLength={13}
        placeholder="Например, 500000"
        error={errors.deposit_goal?.message}
        hint={depositHint(value)}
        {...field}
        onChange={(event) => {
          // Digits only (amounts are whole numbers): anything else typed or pasted is dropped.
          event.target.value = digitsOnly(event.target.value);
          return field.onChange(event);
        }}
      />
      <Button
        type="submit"
        className={styles.inlineButton}
        disabled={!isDirty || value === undefined}
        loading={depositMutation.isPending}
      >
        Сохранить
      </Button>
    </form>
  );
};
