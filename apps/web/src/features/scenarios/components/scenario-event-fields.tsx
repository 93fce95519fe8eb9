import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  SCENARIO_EVENT_LABELS,
  SCENARIO_EVENT_TYPES,
  type Scenario,
  type ScenarioEventType,
} from '@crm/contract';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Select } from '@/ui/select';
import { useScenarioEvents } from '@/features/scenarios/api/get-scenario-events';
import type { ScenarioFormOutput, ScenarioFormValues } from './scenario-form';
import styles from './scenarios.module.css';

type ScenarioEventFieldsProps = {
  form: UseFormReturn<ScenarioFormValues, unknown, ScenarioFormOutput>;
  projectId: number;
  /** The scenario edited or viewed: its event is locked. */
  scenario?: Scenario;
  readOnly: boolean;
};

/** What the second box is called and says while empty, by the event chosen. */
const fieldBox = (eventType: ScenarioEventType, loading: boolean, empty: boolean) => {
  if (eventType === 'client_category_changed')
    return {
      label: 'Категория',
      placeholder: loading ? 'Загрузка…' : empty ? 'Категорий пока нет' : 'Выберите категорию',
    };
  if (eventType === 'client_form_field_changed')
    return {
      label: 'Поле формы',
      placeholder: loading ? 'Загрузка…' : empty ? 'В форме клиента нет полей с выбором' : 'Выберите поле',
    };
  return { label: 'Поле события', placeholder: 'Сначала выберите событие' };
};

/**
 * The event a scenario starts from (docs/product.md §4.10): the event, then its category or select
 * field, then for a field the option. Choosing one empties those after it. Locked when editing.
 */
export const ScenarioEventFields = ({ form, projectId, scenario, readOnly }: ScenarioEventFieldsProps) => {
  const { control, watch, setValue, clearErrors } = form;
  const locked = scenario !== undefined;
  const eventsQuery = useScenarioEvents(projectId);
  const eventType = watch('event_type');
  const fieldId = watch('field');
  const optionId = watch('option');
  const isFieldEvent = eventType === 'client_form_field_changed';

  const choices = !eventType ? [] : (eventsQuery.data?.[eventType] ?? []);
  // A locked event shows even when the events answer no longer has it (or has not come yet).
  const fieldChoices =
    scenario && !choices.some((c) => String(c.id) === fieldId)
      ? [
          ...choices,
          {
            id: Number(fieldId),
            name: scenario.event.select_field?.name ?? scenario.event.name,
            options: [],
            color: null,
          },
        ]
      : choices;
  const chosenField = fieldChoices.find((c) => String(c.id) === fieldId);
  const optionChoices =
    scenario && isFieldEvent && !chosenField?.options.some((o) => String(o.id) === optionId)
      ? [...(chosenField?.options ?? []), { id: scenario.event_id, name: scenario.event.name }]
      : (chosenField?.options ?? []);
  const box = fieldBox(eventType, eventsQuery.isPending, choices.length === 0);

  /** A new choice empties the boxes after it, and their messages. */
  const emptyAfter = (names: Array<'field' | 'option'>) => {
    for (const name of names) setValue(name, '');
    clearErrors(names);
  };

  return (
    <>
      <div className={cx(styles.eventRow, isFieldEvent && styles.withOption)}>
        <Controller
          control={control}
          name="event_type"
          render={({ field, fieldState }) => (
            <Select
              {...field}
              label="Событие"
              required={!locked}
              disabled={locked}
              placeholder={field.value ? undefined : 'Выберите событие'}
              onChange={(event) => {
                field.onChange(event.target.value as ScenarioEventType);
                emptyAfter(['field', 'option']);
              }}
              error={fieldState.error?.message}
            >
              {SCENARIO_EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SCENARIO_EVENT_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        />
        <Controller
          control={control}
          name="field"
          render={({ field, fieldState }) => (
            <Select
              {...field}
              label={box.label}
              required={!locked}
              disabled={locked || !eventType}
              placeholder={field.value === '' ? box.placeholder : undefined}
              onChange={(event) => {
                field.onChange(event.target.value);
                emptyAfter(['option']);
              }}
              error={fieldState.error?.message}
            >
              {fieldChoices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </Select>
          )}
        />
        {isFieldEvent && (
          <Controller
            control={control}
            name="option"
            render={({ field, fieldState }) => (
              <Select
                {...field}
                label="Значение поля"
                required={!locked}
                disabled={locked || fieldId === ''}
                placeholder={field.value === '' ? 'Выберите значение' : undefined}
                error={fieldState.error?.message}
              >
                {optionChoices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </Select>
            )}
          />
        )}
      </div>
      {eventsQuery.isError && (
        <span className={styles.inlineError} role="alert">
          Не удалось загрузить события.{' '}
          <button type="button" className={formStyles.linkButton} onClick={() => void eventsQuery.refetch()}>
            Повторить
          </button>
        </span>
      )}
      {locked && !readOnly && <p className={formStyles.note}>Событие сценария нельзя изменить.</p>}
    </>
  );
};
