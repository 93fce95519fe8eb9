import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  CATEGORY_DURATION_MAX,
  DEFAULT_CATEGORY_COLOR,
  categoryOutcomeLabels,
  clientCategoryUpdateBody,
  type ClientCategory,
} from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
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

/** The contract's rules for a category's fields (optional there: a field left out stays as it is). */
const rules = clientCategoryUpdateBody.shape;
const NAME_LIMIT = rules.name.maxLength ?? undefined;
const HOURS_DIGITS = String(CATEGORY_DURATION_MAX / 3600).length;
const SECONDS_PER_HOUR = 3600;

/**
 * The modal's fields, each checked by the contract's rule for what the API reads from it, and
 * named as the API names them, so a refusal's messages land under them: `duration` is the hours
 * box (sent ×3600), `next_category_id` the select ('' for none). The hint is sent on its own.
 */
const categoryForm = z.object({
  name: rules.name,
  duration: z
    .string()
    .transform((hours) => Number(hours || '0') * SECONDS_PER_HOUR)
    .pipe(rules.duration.unwrap()),
  next_category_id: z
    .string()
    .transform((id) => (id === '' ? null : Number(id)))
    .pipe(rules.next_category_id.unwrap()),
  color: rules.color.unwrap(),
  // '' an ordinary stage; 'won' / 'lost' a stage that ends the pipeline (docs/product.md §4.6).
  outcome: z.enum(['', 'won', 'lost']).transform((o) => (o === '' ? null : o)),
  clue: z.custom<DraftClue | null>(),
});

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
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, dirtyFields, isSubmitting },
  } = useForm({
    resolver: zodResolver(categoryForm),
    defaultValues: {
      name: category?.name ?? '',
      duration: hoursOf(category?.duration ?? 0),
      next_category_id: category?.next_category_id ? String(category.next_category_id) : '',
      color: category?.color ?? DEFAULT_CATEGORY_COLOR,
      outcome: (category?.outcome ?? '') as '' | 'won' | 'lost',
      clue: category?.clue ? { id: category.clue.id, text: category.clue.clue } : null,
    },
  });
  const name = watch('name');
  const outcome = watch('outcome');
  const hours = register('duration');

  const categoriesQuery = useQuery(clientCategoriesQueryOptions(projectId));
  const createCategory = useCreateClientCategory(projectId);
  const updateCategory = useUpdateClientCategory(projectId);
  const createClue = useCreateCategoryClue(projectId);

  const selfId = saved?.id ?? null;
  // Spec §4: never the category itself; the chosen one shows as the select's value.
  // No one is moved into 'Успех' or 'Отказ' by time: they are never a next category.
  const nextChoices = (categoriesQuery.data ?? []).filter((c) => c.id !== selfId && c.outcome === null);

  const onSubmit = handleSubmit(async ({ clue, duration, ...values }) => {
    // Editing: the time is sent only when changed, so a duration not in whole hours stays.
    const sent = saved && !dirtyFields.duration ? values : { ...values, duration };
    try {
      let target = saved;
      if (target) {
        target = await updateCategory.mutateAsync({ categoryId: target.id, body: sent });
        toast.success(CATEGORY_UPDATED);
      } else {
        target = await createCategory.mutateAsync(sent);
        setSaved(target);
        toast.success(CATEGORY_CREATED);
      }
      if (clue && clue.id === null && clue.text !== '') {
        const created = await createClue.mutateAsync({ categoryId: target.id, clue: clue.text });
        setValue('clue', { id: created.id, text: created.clue });
      }
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'duration', 'next_category_id', 'color', 'outcome']);
      return;
    }
    onDone();
  });

  return (
    <form id={formId} className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Название"
        placeholder="Например, Первый контакт"
        required
        limit={NAME_LIMIT}
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <Select
        label="Итог этапа"
        hint="«Успех» и «Отказ» завершают воронку: стоят последними, клиента переводят туда вручную — в «Отказ» с причиной."
        error={errors.outcome?.message}
        {...register('outcome', {
          onChange: (event: { target: { value: string } }) => {
            if (event.target.value !== '') setValue('next_category_id', '');
          },
        })}
      >
        <option value="">Обычный этап</option>
        <option value="won">{categoryOutcomeLabels.won} — сделка состоялась</option>
        <option value="lost">{categoryOutcomeLabels.lost} — клиент потерян</option>
      </Select>
      {outcome === '' ? (
        <>
          <Input
            label="Время в категории, часов"
            hint="Через это время клиент сам перейдёт в следующую категорию; пусто — не переходит."
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            digitsMaxLength={HOURS_DIGITS}
            error={errors.duration?.message}
            {...hours}
            onChange={(event) => {
              event.target.value = digitsOnly(event.target.value);
              return hours.onChange(event);
            }}
          />
          <Select
            label="Следующая категория"
            error={errors.next_category_id?.message}
            {...register('next_category_id')}
          >
            <option value="">Без следующей категории</option>
            {nextChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </Select>
        </>
      ) : (
        <p className={formStyles.note} data-testid="outcome-note">
          Этап завершает воронку: клиенты из него никуда не переходят сами.
        </p>
      )}
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <CategoryColorField name={`${formId}-color`} value={field.value} onChange={field.onChange} />
        )}
      />
      {errors.color && (
        <span className={formStyles.error} role="alert">
          {errors.color.message}
        </span>
      )}
      <Controller
        control={control}
        name="clue"
        render={({ field }) => (
          <CategoryHintField
            projectId={projectId}
            categoryId={selfId}
            categoryName={name}
            clue={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText={saved ? 'Сохранить' : 'Добавить'}
        disabled={name.trim() === ''}
        loading={isSubmitting}
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
