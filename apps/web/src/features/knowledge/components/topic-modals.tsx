import { useCallback } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { KNOWLEDGE_CATEGORY_NAME_MAX, knowledgeCategoryBody, type KnowledgeCategory } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions, useModals } from '@/ui/modal';
import { Select } from '@/ui/select';
import { useCreateKnowledgeCategory } from '@/features/knowledge/api/create-knowledge-category';
import { useKnowledgeCategories } from '@/features/knowledge/api/knowledge-queries';
import { useUpdateKnowledgeCategory } from '@/features/knowledge/api/update-knowledge-category';

export const TOPIC_CREATED = 'Тема добавлена!';
export const TOPIC_RENAMED = 'Изменения внесены!';

/** The topic renamed is chosen in the form and named in the address; the body is the new name. */
const topicRenameForm = knowledgeCategoryBody.extend({ category: z.string() });

type TopicAddModalProps = {
  projectId: number;
  onDone: (created: KnowledgeCategory) => void;
  onCancel: () => void;
};

/** New knowledge topic (docs/product.md §2.4, §4.12): a name; 'Добавить' is disabled while it is empty. */
const TopicAddModal = ({ projectId, onDone, onCancel }: TopicAddModalProps) => {
  const create = useCreateKnowledgeCategory(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(knowledgeCategoryBody), defaultValues: { name: '' } });
  const nameEmpty = watch('name').trim() === '';

  const onSubmit = handleSubmit(async (body) => {
    let created;
    try {
      created = await create.mutateAsync(body);
    } catch (error) {
      applyServerErrors(error, setError, ['name']);
      return;
    }
    toast.success(TOPIC_CREATED);
    onDone(created);
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Название темы"
        placeholder="Например, Работа с возражениями"
        required
        limit={KNOWLEDGE_CATEGORY_NAME_MAX}
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <ModalFormActions
        onCancel={onCancel}
        submitText="Добавить"
        disabled={nameEmpty}
        loading={create.isPending}
      />
    </form>
  );
};

type TopicRenameModalProps = { projectId: number; initialId?: number; onDone: () => void };

/** Rename a topic (docs/product.md §2.4, §4.12): choose one, then its new name; disabled without both. */
const TopicRenameModal = ({ projectId, initialId, onDone }: TopicRenameModalProps) => {
  const categoriesQuery = useKnowledgeCategories(projectId);
  const categories = categoriesQuery.data ?? [];
  const update = useUpdateKnowledgeCategory(projectId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(topicRenameForm),
    defaultValues: { category: initialId === undefined ? '' : String(initialId), name: '' },
  });
  const chosen = watch('category');
  const current = categories.find((c) => String(c.id) === chosen);
  const ready = chosen !== '' && watch('name').trim() !== '';

  const onSubmit = handleSubmit(async ({ category, ...body }) => {
    try {
      await update.mutateAsync({ categoryId: Number(category), body });
    } catch (error) {
      applyServerErrors(error, setError, ['name']);
      return;
    }
    toast.success(TOPIC_RENAMED);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          // Controlled: the chosen topic shows once the list has come.
          <Select
            {...field}
            label="Тема"
            required
            placeholder="Выберите тему"
            data-autofocus={initialId === undefined || undefined}
          >
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        )}
      />
      <Input
        label="Новое название"
        placeholder={current?.name ?? 'Сначала выберите тему'}
        required
        limit={KNOWLEDGE_CATEGORY_NAME_MAX}
        data-autofocus={initialId !== undefined || undefined}
        error={errors.name?.message}
        {...register('name')}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText="Сохранить"
        disabled={!ready}
        loading={update.isPending}
      />
    </form>
  );
};

/** Opens the add topic and rename topic modals on the stack. */
export const useTopicModals = (projectId: number | null) => {
  const modals = useModals();
  const addTopic = useCallback(
    (onCreated?: (created: KnowledgeCategory) => void) => {
      if (projectId === null) return;
      modals.open(
        ({ close }) => (
          <TopicAddModal
            projectId={projectId}
            onCancel={close}
            onDone={(created) => {
              close();
              onCreated?.(created);
            }}
          />
        ),
        { title: 'Новая тема' },
      );
    },
    [modals, projectId],
  );
  const renameTopic = useCallback(
    (initialId?: number) => {
      if (projectId === null) return;
      modals.open(
        ({ close }) => <TopicRenameModal projectId={projectId} initialId={initialId} onDone={close} />,
        {
          title: 'Переименовать тему',
        },
      );
    },
    [modals, projectId],
  );
  return { addTopic, renameTopic };
};
