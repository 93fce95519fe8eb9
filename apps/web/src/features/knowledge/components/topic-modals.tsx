import { useCallback, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { KNOWLEDGE_CATEGORY_NAME_MAX, type KnowledgeCategory } from '@crm/contract';
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

/** A 422's message for `name`, under the name box. */
const nameErrorOf = (error: unknown): string | undefined => {
  let message: string | undefined;
  applyServerErrors<{ name: string }>(error, (_field, { message: text }) => (message = text), ['name']);
  return message;
};

type TopicAddModalProps = { projectId: number; onDone: (created: KnowledgeCategory) => void; onCancel: () => void };

/** New knowledge topic (docs/product.md §2.4, §4.12): a name; 'Добавить' is disabled while it is empty. */
const TopicAddModal = ({ projectId, onDone, onCancel }: TopicAddModalProps) => {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateKnowledgeCategory(projectId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    setError(undefined);
    try {
      const created = await create.mutateAsync({ name: name.trim() });
      toast.success(TOPIC_CREATED);
      onDone(created);
    } catch (failure) {
      setError(nameErrorOf(failure));
    }
  };
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <Input
        label="Название темы"
        placeholder="Например, Работа с возражениями"
        required
        limit={KNOWLEDGE_CATEGORY_NAME_MAX}
        data-autofocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
      <ModalFormActions onCancel={onCancel} submitText="Добавить" disabled={name.trim() === ''} loading={create.isPending} />
    </form>
  );
};

type TopicRenameModalProps = { projectId: number; initialId?: number; onDone: () => void };

/** Rename a topic (docs/product.md §2.4, §4.12): choose one, then its new name; disabled without both. */
const TopicRenameModal = ({ projectId, initialId, onDone }: TopicRenameModalProps) => {
  const categoriesQuery = useKnowledgeCategories(projectId);
  const categories = categoriesQuery.data ?? [];
  const [chosen, setChosen] = useState(initialId === undefined ? '' : String(initialId));
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateKnowledgeCategory(projectId);
  const current = categories.find((c) => String(c.id) === chosen);
  const ready = chosen !== '' && name.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(undefined);
    try {
      await update.mutateAsync({ categoryId: Number(chosen), body: { name: name.trim() } });
      toast.success(TOPIC_RENAMED);
      onDone();
    } catch (failure) {
      setError(nameErrorOf(failure));
    }
  };
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <Select
        label="Тема"
        required
        placeholder="Выберите тему"
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        data-autofocus={initialId === undefined || undefined}
      >
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </Select>
      <Input
        label="Новое название"
        placeholder={current?.name ?? 'Сначала выберите тему'}
        required
        limit={KNOWLEDGE_CATEGORY_NAME_MAX}
        data-autofocus={initialId !== undefined || undefined}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
      <ModalFormActions onCancel={onDone} submitText="Сохранить" disabled={!ready} loading={update.isPending} />
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
      modals.open(({ close }) => <TopicRenameModal projectId={projectId} initialId={initialId} onDone={close} />, {
        title: 'Переименовать тему',
      });
    },
    [modals, projectId],
  );
  return { addTopic, renameTopic };
};
