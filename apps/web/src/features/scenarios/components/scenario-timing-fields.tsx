import { Controller, type UseFormReturn } from 'react-hook-form';
import { SCENARIO_REMIND_BEFORE_MAX, SCENARIO_SCHEDULE_MAX } from '@crm/contract';
import { useClientCategories } from '@/features/clients';
import { digitsOnly } from '@/lib/numbers';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import type { ScenarioFormOutput, ScenarioFormValues } from './scenario-form';
import { skippedByAutoMove, toScheduleFor } from './scenario-format';
import styles from './scenarios.module.css';

const HOURS_DIGITS = String(SCENARIO_SCHEDULE_MAX / 3600).length;
const MINUTES_DIGITS = String(SCENARIO_REMIND_BEFORE_MAX / 60).length;

type ScenarioTimingFieldsProps = {
  form: UseFormReturn<ScenarioFormValues, unknown, ScenarioFormOutput>;
  projectId: number;
  readOnly: boolean;
};

/**
 * When the reminder is due (hours after the event) and when its manager is notified (minutes
 * before), digits only; warns when the stage moves its clients on before the reminder is due.
 */
export const ScenarioTimingFields = ({ form, projectId, readOnly }: ScenarioTimingFieldsProps) => {
  const { control, watch, formState } = form;
  const { categories } = useClientCategories(projectId);
  const hours = watch('hours');
  const fieldId = watch('field');

  // A stage that moves its clients on before this reminder is due skips it every time.
  const stage =
    watch('event_type') === 'client_category_changed' && hours !== ''
      ? categories.find((c) => String(c.id) === fieldId)
      : undefined;
  const skipped = skippedByAutoMove(
    stage,
    categories.find((c) => c.id === stage?.next_category_id)?.name,
    toScheduleFor(hours),
  );

  return (
    <>
      <div className={styles.numbersRow}>
        <Controller
          control={control}
          name="hours"
          render={({ field, fieldState }) => (
            <Input
              {...field}
              label="Через сколько часов"
              hint="Срок напоминания: столько часов после события."
              required={!readOnly}
              readOnly={readOnly}
              inputMode="numeric"
              autoComplete="off"
              placeholder="Например, 24"
              digitsMaxLength={HOURS_DIGITS}
              onChange={(event) => field.onChange(digitsOnly(event.target.value))}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="minutes"
          render={({ field, fieldState }) => (
            <Input
              {...field}
              label="Напомнить за, минут"
              hint="Уведомление менеджеру за столько минут до срока."
              required={!readOnly}
              readOnly={readOnly}
              inputMode="numeric"
              autoComplete="off"
              placeholder="Например, 30"
              digitsMaxLength={MINUTES_DIGITS}
              onChange={(event) => field.onChange(digitsOnly(event.target.value))}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      {skipped && !formState.errors.hours && (
        <p className={formStyles.warning} data-testid="scenario-skipped-warning">
          {skipped}
        </p>
      )}
    </>
  );
};
