import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  REMINDER_TASK_MAX,
  REMINDER_TASKS_MAX,
  REMINDER_TITLE_MAX,
  REQUIRED,
  SCENARIO_EVENT_LABELS,
  SCENARIO_EVENT_TYPES,
  SCENARIO_POSTS_MAX,
  SCENARIO_REMIND_AFTER_CREATION,
  SCENARIO_REMIND_BEFORE_MAX,
  SCENARIO_SCHEDULE_MAX,
  SCENARIO_SCHEDULE_MIN,
  SCENARIO_SCHEDULE_TOO_SOON,
  TASK_DUPLICATE,
  type Scenario,
  type ScenarioCreateBody,
  type ScenarioEventType,
} from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { useClientCategories } from '@/features/clients';
import { digitsOnly } from '@/lib/numbers';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ItemListField } from '@/ui/item-list-field/item-list-field';
import inputStyles from '@/ui/input.module.css';
import { ModalFormActions, useModals } from '@/ui/modal';
import type { PickedPost } from '@/features/knowledge';
import { RichTextEditor, RichTextView } from '@/ui/rich-text';
import { Select } from '@/ui/select';
import { useCreateScenario } from '@/features/scenarios/api/create-scenario';
import { useScenarioEvents } from '@/features/scenarios/api/get-scenario-events';
import { useUpdateScenario } from '@/features/scenarios/api/update-scenario';
import { PostsField } from './posts-field';
import { presetOf, type EventPreset } from './scenario-groups';
import { hoursOf, minutesOf, skippedByAutoMove, toRemindBefore, toScheduleFor } from './scenario-format';
import styles from './scenarios.module.css';

export const SCENARIO_CREATED = 'Сценарий успешно создан!';
export const SCENARIO_UPDATED = 'Сценарий успешно обновлён!';

/** The scenario modal holds the hint editor: as wide as the hint modals (docs/product.md §10.6: 830 px). */
const SCENARIO_MODAL_WIDTH = 830;
const HOURS_DIGITS = String(SCENARIO_SCHEDULE_MAX / 3600).length;
const MINUTES_DIGITS = String(SCENARIO_REMIND_BEFORE_MAX / 60).length;

export type ScenarioModalMode = 'create' | 'edit' | 'view';

type Field = 'title' | 'eventType' | 'field' | 'option' | 'hours' | 'minutes' | 'hint' | 'tasks' | 'posts';
type Errors = Partial<Record<Field, string>>;

/** A 422 answer's messages under the modal's fields (`event_id` is the option of a field event, else the category). */
const fieldErrorsOf = (error: unknown, eventType: string): Errors => {
  if (!isApiError(error) || error.status !== 422) return {};
  const byField: Record<string, Field> = {
    title: 'title',
    event_type: 'eventType',
    event_id: eventType === 'client_form_field_changed' ? 'option' : 'field',
    description: 'hint',
    schedule_for: 'hours',
    remind_before: 'minutes',
    tasks: 'tasks',
    posts: 'posts',
  };
  const errors: Errors = {};
  for (const [path, message] of firstFieldErrors(error.errors)) {
    // 'tasks.2' and 'posts.0' go under their list.
    const target = byField[path.split('.')[0] ?? path];
    if (target && errors[target] === undefined) errors[target] = message;
  }
  return errors;
};

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
  const hintLabelId = useId();
  const hintErrorId = useId();
  const readOnly = mode === 'view';
  const locked = mode !== 'create';
  const start = scenario ? presetOf(scenario) : preset;

  const [title, setTitle] = useState(scenario?.title ?? '');
  const [eventType, setEventType] = useState<ScenarioEventType | ''>(start?.eventType ?? '');
  const [fieldId, setFieldId] = useState(start ? String(start.fieldId) : '');
  const [optionId, setOptionId] = useState(start?.optionId ? String(start.optionId) : '');
  const [hours, setHours] = useState(scenario ? hoursOf(scenario.schedule_for) : '');
  const [minutes, setMinutes] = useState(scenario ? minutesOf(scenario.remind_before) : '');
  const [hint, setHint] = useState(scenario?.description ?? '');
  const [tasks, setTasks] = useState<string[]>(scenario?.tasks ?? []);
  const [posts, setPosts] = useState<PickedPost[]>(
    scenario?.knowledge_base_posts.map(({ id, title: postTitle }) => ({ id, title: postTitle })) ?? [],
  );
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);

  /** After a refused submit, the first field with a message gets the focus. */
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const eventsQuery = useScenarioEvents(projectId);
  const { categories } = useClientCategories(projectId);
  const createScenario = useCreateScenario(projectId);
  const updateScenario = useUpdateScenario(projectId);
  const busy = createScenario.isPending || updateScenario.isPending;

  const isFieldEvent = eventType === 'client_form_field_changed';
  const choices = eventType === '' ? [] : (eventsQuery.data?.[eventType] ?? []);
  // A locked event shows even when the events answer no longer has it (or has not come yet).
  const fieldChoices =
    locked && scenario && !choices.some((c) => String(c.id) === fieldId)
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
    locked && scenario && isFieldEvent && !chosenField?.options.some((o) => String(o.id) === optionId)
      ? [...(chosenField?.options ?? []), { id: scenario.event_id, name: scenario.event.name }]
      : (chosenField?.options ?? []);

  // A stage that moves its clients on before this reminder is due skips it every time.
  const stage =
    eventType === 'client_category_changed' && hours !== ''
      ? categories.find((c) => String(c.id) === fieldId)
      : undefined;
  const skipped = skippedByAutoMove(
    stage,
    categories.find((c) => c.id === stage?.next_category_id)?.name,
    toScheduleFor(hours),
  );

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  /** The required fields (docs/product.md §4.10) and notify-before not earlier than the reminder exists. */
  const validate = (): Errors => {
    const found: Errors = {};
    if (title.trim() === '') found.title = REQUIRED;
    if (eventType === '') found.eventType = REQUIRED;
    if (eventType !== '' && fieldId === '') found.field = REQUIRED;
    if (isFieldEvent && fieldId !== '' && optionId === '') found.option = REQUIRED;
    if (hours === '') found.hours = REQUIRED;
    else if (toScheduleFor(hours) < SCENARIO_SCHEDULE_MIN) found.hours = SCENARIO_SCHEDULE_TOO_SOON;
    if (minutes === '') found.minutes = REQUIRED;
    if (hint === '') found.hint = REQUIRED;
    if (hours !== '' && minutes !== '' && toRemindBefore(minutes) > toScheduleFor(hours)) {
      found.minutes = SCENARIO_REMIND_AFTER_CREATION;
    }
    if (posts.length > SCENARIO_POSTS_MAX) found.posts = `Не более ${SCENARIO_POSTS_MAX} статей`;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || busy) return;
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return focusFirstError();
    const body: ScenarioCreateBody = {
      event_type: eventType as ScenarioEventType,
      event_id: Number(isFieldEvent ? optionId : fieldId),
      title: title.trim(),
      description: hint,
      schedule_for: toScheduleFor(hours),
      remind_before: toRemindBefore(minutes),
      tasks,
      posts: posts.map((post) => post.id),
    };
    try {
      if (scenario) {
        await updateScenario.mutateAsync({ id: scenario.id, body });
        toast.success(SCENARIO_UPDATED);
      } else {
        await createScenario.mutateAsync(body);
        toast.success(SCENARIO_CREATED);
      }
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error, eventType));
      focusFirstError();
    }
  };

  const eventsHint = eventsQuery.isError ? (
    <span className={styles.inlineError} role="alert">
      Не удалось загрузить события.{' '}
      <button type="button" className={formStyles.linkButton} onClick={() => void eventsQuery.refetch()}>
        Повторить
      </button>
    </span>
  ) : null;

  let fieldLabel = 'Поле события';
  let fieldPlaceholder = 'Сначала выберите событие';
  if (eventType === 'client_category_changed') {
    fieldLabel = 'Категория';
    fieldPlaceholder = eventsQuery.isPending
      ? 'Загрузка…'
      : choices.length === 0
        ? 'Категорий пока нет'
        : 'Выберите категорию';
  } else if (isFieldEvent) {
    fieldLabel = 'Поле формы';
    fieldPlaceholder = eventsQuery.isPending
      ? 'Загрузка…'
      : choices.length === 0
        ? 'В форме клиента нет полей с выбором'
        : 'Выберите поле';
  }

  return (
    <form
      ref={formRef}
      className={cx(formStyles.form, readOnly && styles.viewForm)}
      onSubmit={submit}
      noValidate
    >
      <Input
        label="Название"
        placeholder="Например, Позвонить новому клиенту"
        required={!readOnly}
        readOnly={readOnly}
        limit={readOnly ? undefined : REMINDER_TITLE_MAX}
        data-autofocus
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          clear('title');
        }}
        error={errors.title}
      />
      <div className={cx(styles.eventRow, isFieldEvent && styles.withOption)}>
        <Select
          label="Событие"
          required={!locked}
          disabled={locked}
          placeholder={eventType === '' ? 'Выберите событие' : undefined}
          value={eventType}
          onChange={(event) => {
            setEventType(event.target.value as ScenarioEventType | '');
            setFieldId('');
            setOptionId('');
            setErrors((current) => ({
              ...current,
              eventType: undefined,
              field: undefined,
              option: undefined,
            }));
          }}
          error={errors.eventType}
        >
          {SCENARIO_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {SCENARIO_EVENT_LABELS[type]}
            </option>
          ))}
        </Select>
        <Select
          label={fieldLabel}
          required={!locked}
          disabled={locked || eventType === ''}
          placeholder={fieldId === '' ? fieldPlaceholder : undefined}
          value={fieldId}
          onChange={(event) => {
            setFieldId(event.target.value);
            setOptionId('');
            setErrors((current) => ({ ...current, field: undefined, option: undefined }));
          }}
          error={errors.field}
        >
          {fieldChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </Select>
        {isFieldEvent && (
          <Select
            label="Значение поля"
            required={!locked}
            disabled={locked || fieldId === ''}
            placeholder={optionId === '' ? 'Выберите значение' : undefined}
            value={optionId}
            onChange={(event) => {
              setOptionId(event.target.value);
              clear('option');
            }}
            error={errors.option}
          >
            {optionChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </Select>
        )}
      </div>
      {eventsHint}
      {locked && !readOnly && <p className={formStyles.note}>Событие сценария нельзя изменить.</p>}
      <div className={styles.numbersRow}>
        <Input
          label="Через сколько часов"
          hint="Срок напоминания: столько часов после события."
          required={!readOnly}
          readOnly={readOnly}
          inputMode="numeric"
          autoComplete="off"
          placeholder="Например, 24"
          digitsMaxLength={HOURS_DIGITS}
          value={hours}
          onChange={(event) => {
            setHours(digitsOnly(event.target.value));
            clear('hours');
          }}
          error={errors.hours}
        />
        <Input
          label="Напомнить за, минут"
          hint="Уведомление менеджеру за столько минут до срока."
          required={!readOnly}
          readOnly={readOnly}
          inputMode="numeric"
          autoComplete="off"
          placeholder="Например, 30"
          digitsMaxLength={MINUTES_DIGITS}
          value={minutes}
          onChange={(event) => {
            setMinutes(digitsOnly(event.target.value));
            clear('minutes');
          }}
          error={errors.minutes}
        />
      </div>
      {skipped && !errors.hours && (
        <p className={formStyles.warning} data-testid="scenario-skipped-warning">
          {skipped}
        </p>
      )}
      <div className={inputStyles.field}>
        <span id={hintLabelId} className={inputStyles.label}>
          Подсказка
          {!readOnly && (
            <span className={inputStyles.required} aria-hidden="true">
              *
            </span>
          )}
        </span>
        {readOnly ? (
          <div className={styles.hintView} aria-labelledby={hintLabelId} role="group">
            <RichTextView value={hint} />
          </div>
        ) : (
          <RichTextEditor
            value={hint}
            onChange={(value) => {
              setHint(value);
              if (value !== '') clear('hint');
            }}
            aria-labelledby={hintLabelId}
            placeholder="Что менеджеру сделать и сказать"
            invalid={errors.hint !== undefined}
          />
        )}
        {errors.hint && (
          <span id={hintErrorId} className={inputStyles.error} role="alert">
            {errors.hint}
          </span>
        )}
      </div>
      <ItemListField
        label="Чек-лист"
        itemName="Пункт"
        placeholder="Новый пункт: Enter — добавить"
        hint="Пункт добавляется по Enter или когда вы переходите к другому полю."
        items={tasks}
        onChange={(next) => {
          setTasks(next);
          clear('tasks');
        }}
        limit={REMINDER_TASK_MAX}
        max={REMINDER_TASKS_MAX}
        duplicateMessage={TASK_DUPLICATE}
        errors={{ list: errors.tasks }}
        testId="checklist"
        readOnly={readOnly}
        emptyText="Чек-лист пуст."
      />
      <PostsField
        projectId={projectId}
        posts={posts}
        onChange={(next) => {
          setPosts(next);
          clear('posts');
        }}
        readOnly={readOnly}
        error={errors.posts}
      />
      {readOnly ? (
        <div className={styles.viewActions}>
          <Button variant="secondary" onClick={onDone}>
            Закрыть
          </Button>
          {onEdit && <Button onClick={onEdit}>Редактировать</Button>}
        </div>
      ) : (
        <ModalFormActions onCancel={onDone} submitText={scenario ? 'Сохранить' : 'Добавить'} loading={busy} />
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
