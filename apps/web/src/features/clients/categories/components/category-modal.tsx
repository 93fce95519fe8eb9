import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  CATEGORY_DURATION_MAX,
  DEFAULT_CATEGORY_COLOR,
  clientCategoryCreateBody,
  type ClientCategory,
  type ClientCategoryUpdateBody,
} from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { clientCategoriesQueryOptions } from '@/features/clients/categories/api/client-categories-query';
import { digitsOnly } from '@/lib/numbers';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions, useModals } from '@/ui/modal';
import { Select } from '@/ui/select';
import { useCreateCategoryClue } from '@/features/clients/categories/api/create-category-clue';
import { useCreateClientCategory } from '@/features/clients/categories/api/create-client-category';
import { useUpdateClientCategory } from '@/features/clients/categories/api/update-client-category';
import { CategoryColorField } from './category-color-field';
import { CategoryHintField, type DraftClue } from './category-hint-field';

export const CATEGORY_CREATED = 'Категория добавлена!';
export const CATEGORY_UPDATED = 'Категория редактирована!';

const NAME_LIMIT = clientCategoryCreateBody.shape.name.maxLength ?? undefined;
const HOURS_DIGITS = String(CATEGORY_DURATION_MAX / 3600).length;
const SECONDS_PER_HOUR = 3600;

type Errors = Partial<Record<'name' | 'hours' | 'next' | 'color', string>>;

/** A 422 answer's messages under the modal's fields (the API's `duration` is the hours box). */
const fieldErrorsOf = (error: unknown): Errors => {
  if (!isApiError(error) || error.status !== 422) return {};
  const byField: Record<string, keyof Errors> = {
    name: 'name',
    duration: 'hours',
    next_category_id: 'next',
    color: 'color',
  };
  const errors: Errors = {};
  for (const [field, message] of firstFieldErrors(error.errors)) {
    const target = byField[field];
    if (target) errors[target] = message;
  }
  return errors;
};

/** Hours as the box shows them: whole hours; a duration set in other units is rounded for display only. */
const hoursOf = (duration: number) => (duration > 0 ? String(Math.round(duration / SECONDS_PER_HOUR)) : '');

type CategoryModalProps = {
  projectId: number;
  /** Given: edit it; absent: the add category modal. */
  category?: ClientCategory;
  onDone: () => void;
};

/**
 * The client category modal (docs/product.md §2.4, §4.6): name (save disabled without it), time in the
 * category in hours (digits only, sent ×3600), the next category, the colour, and the hint.
 */
export const CategoryModal = ({ projectId, category, onDone }: CategoryModalProps) => {
  const formId = useId();
  // Once created, a failed hint leaves the modal open on the saved category, to try again.
  const [saved, setSaved] = useState<ClientCategory | undefined>(category);
  const [name, setName] = useState(category?.name ?? '');
  const [hours, setHours] = useState(hoursOf(category?.duration ?? 0));
  const [hoursTouched, setHoursTouched] = useState(false);
  const [next, setNext] = useState(category?.next_category_id ? String(category.next_category_id) : '');
  const [color, setColor] = useState(category?.color ?? DEFAULT_CATEGORY_COLOR);
  const [clue, setClue] = useState<DraftClue | null>(
    category?.clue ? { id: category.clue.id, text: category.clue.clue } : null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const categoriesQuery = useQuery(clientCategoriesQueryOptions(projectId));
  const createCategory = useCreateClientCategory(projectId);
  const updateCategory = useUpdateClientCategory(projectId);
  const createClue = useCreateCategoryClue(projectId);

  const selfId = saved?.id ?? null;
  // Spec §4: never the category itself; the chosen one shows as the select's value.
  const nextChoices = (categoriesQuery.data ?? []).filter((c) => c.id !== selfId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    setBusy(true);
    setErrors({});
    const body: ClientCategoryUpdateBody = {
      name: name.trim(),
      color,
      next_category_id: next === '' ? null : Number(next),
      // Editing: the time is sent only when changed, so a duration not in whole hours stays.
      ...(saved && !hoursTouched ? {} : { duration: Number(hours || '0') * SECONDS_PER_HOUR }),
    };
    try {
      let target = saved;
      if (target) {
        target = await updateCategory.mutateAsync({ categoryId: target.id, body });
        toast.success(CATEGORY_UPDATED);
      } else {
        target = await createCategory.mutateAsync(body);
        setSaved(target);
        toast.success(CATEGORY_CREATED);
      }
      if (clue && clue.id === null && clue.text !== '') {
        const created = await createClue.mutateAsync({ categoryId: target.id, clue: clue.text });
        setClue({ id: created.id, text: created.clue });
      }
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setBusy(false);
    }
  };

  return (
    <form id={formId} className={formStyles.form} onSubmit={submit} noValidate>
      <Input
        label="Название"
        placeholder="Например, Первый контакт"
        required
        limit={NAME_LIMIT}
        data-autofocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <Input
        label="Время в категории, часов"
        hint="Через это время клиент сам перейдёт в следующую категорию; пусто — не переходит."
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        digitsMaxLength={HOURS_DIGITS}
        value={hours}
        onChange={(event) => {
          setHours(digitsOnly(event.target.value));
          setHoursTouched(true);
        }}
        error={errors.hours}
      />
      <Select
        label="Следующая категория"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={errors.next}
      >
        <option value="">Без следующей категории</option>
        {nextChoices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </Select>
      <CategoryColorField name={`${formId}-color`} value={color} onChange={setColor} />
      {errors.color && (
        <span className={formStyles.error} role="alert">
          {errors.color}
        </span>
      )}
      <CategoryHintField
        projectId={projectId}
        categoryId={selfId}
        categoryName={name}
        clue={clue}
        onChange={setClue}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText={saved ? 'Сохранить' : 'Добавить'}
        disabled={name.trim() === ''}
        loading={busy}
      />
    </form>
  );
};

/** Opens the add or edit category modal on the stack. */
export const useCategoryModal = (projectId: number | null) => {
  const modals = useModals();
  return useCallback(
    (category?: ClientCategory) => {
      if (projectId === null) return;
      const id = modals.open(
        () => <CategoryModal projectId={projectId} category={category} onDone={() => modals.close(id)} />,
        { title: category ? 'Редактировать категорию' : 'Новая категория', closeOnOverlay: false },
      );
    },
    [modals, projectId],
  );
};
