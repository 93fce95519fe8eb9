import { useCallback, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  REMINDER_TASK_MAX,
  REMINDER_TASKS_MAX,
  REMINDER_TITLE_MAX,
  TASK_DUPLICATE,
  type Scenario,
} from '@crm/contract';
import { applyServerErrors, listMessage } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ItemListField } from '@/ui/item-list-field/item-list-field';
import { ModalFormActions, useModals } from '@/ui/modal';
import { useCreateScenario } from '@/features/scenarios/api/create-scenario';
import { useUpdateScenario } from '@/features/scenarios/api/update-scenario';
import { PostsField } from './posts-field';
import { ScenarioEventFields } from './scenario-event-fields';
import {
  SCENARIO_FIELDS,
  scenarioBodyOf,
  scenarioFieldsRenamed,
  scenarioFormSchema,
  scenarioFormValues,
  type ScenarioFormOutput,
} from './scenario-form';
import type { EventPreset } from './scenario-groups';
import { ScenarioHintField } from './scenario-hint-field';
import { ScenarioTimingFields } from './scenario-timing-fields';
import styles from './scenarios.module.css';

export const SCENARIO_CREATED = 'Сценарий успешно создан!';
export const SCENARIO_UPDATED = 'Сценарий успешно обновлён!';

/** The scenario modal holds the hint editor: as wide as the hint modals (docs/product.md §10.6: 830 px). */
const SCENARIO_MODAL_WIDTH = 830;

export type ScenarioModalMode = 'create' | 'edit' | 'view';

type ScenarioModalProps = {
  projectId: number;
  mode: ScenarioModalMode;
  /** The scenario to edit or view; absent when creating. */
  scenario?: Scenario;
  /** The event a new scenario starts from (the add card of a group). */
  preset?: EventPreset;
  onDone: () => void;
  /** View mode: 'Редактировать' (closes this modal and opens the edit one). */
  onEdit?: () => void;
};

/**
 * The reminder scenario modal (docs/product.md §2.4, §4.10, §10.6): title; event, event field and option (locked when
 * editing); hours (×3600) and notify-before minutes (×60), digits only; the hint (rich text);
 * the checklist; articles from the library. Required fields say 'Обязательное поле'; a refusal
 * puts the server's messages under the fields and keeps everything typed. View mode: read-only.
 */
export const ScenarioModal = ({ projectId, mode, scenario, preset, onDone, onEdit }: ScenarioModalProps) => {
  const readOnly = mode === 'view';
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({
    resolver: zodResolver(scenarioFormSchema),
    defaultValues: scenarioFormValues(scenario, preset),
    // The first refused field in the form's order takes the focus, the hint's editor included.
    shouldFocusError: false,
  });
  const { control, register, handleSubmit, setError, getValues } = form;
  const createScenario = useCreateScenario(projectId);
  const updateScenario = useUpdateScenario(projectId);

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const save = async (values: ScenarioFormOutput) => {
    const body = scenarioBodyOf(values);
    try {
      if (scenario) await updateScenario.mutateAsync({ id: scenario.id, body });
      else await createScenario.mutateAsync(body);
    } catch (error) {
      if (applyServerErrors(error, setError, SCENARIO_FIELDS, scenarioFieldsRenamed(getValues('event_type'))))
        focusFirstError();
      return;
    }
    toast.success(scenario ? SCENARIO_UPDATED : SCENARIO_CREATED);
    onDone();
  };

  return (
    <form
      ref={formRef}
      className={cx(formStyles.form, readOnly && styles.viewForm)}
      onSubmit={readOnly ? (event) => event.preventDefault() : handleSubmit(save, focusFirstError)}
      noValidate
    >
      <Input
        label="Название"
        placeholder="Например, Позвонить новому клиенту"
        required={!readOnly}
        readOnly={readOnly}
        limit={readOnly ? undefined : REMINDER_TITLE_MAX}
        data-autofocus
        error={form.formState.errors.title?.message}
        {...register('title')}
      />
      <ScenarioEventFields form={form} projectId={projectId} scenario={scenario} readOnly={readOnly} />
      <ScenarioTimingFields form={form} projectId={projectId} readOnly={readOnly} />
      <ScenarioHintField control={control} readOnly={readOnly} />
      <Controller
        control={control}
        name="tasks"
        render={({ field, fieldState }) => (
          <ItemListField
            label="Чек-лист"
            itemName="Пункт"
            placeholder="Новый пункт: Enter — добавить"
            hint="Пункт добавляется по Enter или когда вы переходите к другому полю."
            items={field.value ?? []}
            onChange={field.onChange}
            limit={REMINDER_TASK_MAX}
            max={REMINDER_TASKS_MAX}
            duplicateMessage={TASK_DUPLICATE}
            errors={{ list: listMessage(fieldState.error) }}
            testId="checklist"
            readOnly={readOnly}
            emptyText="Чек-лист пуст."
          />
        )}
      />
      <Controller
        control={control}
        name="posts"
        render={({ field, fieldState }) => (
          <PostsField
            projectId={projectId}
            posts={field.value}
            onChange={field.onChange}
            readOnly={readOnly}
            error={listMessage(fieldState.error)}
          />
        )}
      />
      {readOnly ? (
        <div className={styles.viewActions}>
          <Button variant="secondary" onClick={onDone}>
            Закрыть
          </Button>
          {onEdit && <Button onClick={onEdit}>Редактировать</Button>}
        </div>
      ) : (
        <ModalFormActions
          onCancel={onDone}
          submitText={scenario ? 'Сохранить' : 'Добавить'}
          loading={createScenario.isPending || updateScenario.isPending}
        />
      )}
    </form>
  );
};

type OpenScenarioModal = {
  (mode: 'create', options?: { preset?: EventPreset }): void;
  (mode: 'edit' | 'view', options: { scenario: Scenario }): void;
};

const TITLES: Record<ScenarioModalMode, string> = {
  create: 'Новое авто-напоминание',
  edit: 'Редактировать авто-напоминание',
  view: 'Сценарий авто-напоминания',
};

/** Opens the scenario modal on the stack: create (with a group's event preset), edit or view. */
export const useScenarioModal = (projectId: number | null): OpenScenarioModal => {
  const modals = useModals();
  const open = useCallback(
    (mode: ScenarioModalMode, options: { preset?: EventPreset; scenario?: Scenario } = {}) => {
      if (projectId === null) return;
      modals.open(
        ({ close }) => (
          <ScenarioModal
            projectId={projectId}
            mode={mode}
            scenario={options.scenario}
            preset={options.preset}
            onDone={close}
            onEdit={
              mode === 'view' && options.scenario
                ? () => {
                    close();
                    open('edit', { scenario: options.scenario });
                  }
                : undefined
            }
          />
        ),
        // Typed text is not lost to a stray click outside; the read-only view closes like any modal.
        { title: TITLES[mode], width: SCENARIO_MODAL_WIDTH, closeOnOverlay: mode === 'view' },
      );
    },
    [modals, projectId],
  );
  return open as OpenScenarioModal;
};
