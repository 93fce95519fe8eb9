import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { aiPromptBody, type AiPrompt, type AiQuestion } from '@crm/contract';
import { applyServerErrors, listMessage } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { useCreateAiPrompt } from '@/features/ai/api/create-ai-prompt';
import { useUpdateAiPrompt } from '@/features/ai/api/update-ai-prompt';
import { PromptQuestionLists } from './prompt-question-lists';

export const PROMPT_CREATED = 'Промпт создан!';
export const PROMPT_UPDATED = 'Промпт обновлен!';
/** Prompt modals hold two lists side by side: as wide as the hint modals (docs/product.md §10.6: 830 px). */
export const PROMPT_MODAL_WIDTH = 830;

/** The length the schema allows, shown by the field's counter. */
const NAME_MAX = aiPromptBody.shape.name.maxLength ?? undefined;

type PromptModalProps = {
  projectId: number;
  groupId: number;
  /** The group's questions, in their order. */
  questions: AiQuestion[];
  prompt?: AiPrompt;
  onDone: () => void;
};

/**
 * The create prompt modal (docs/product.md §2.4, §4.14): the prompt's name and its questions, picked
 * from the group's. Save is disabled with a blank name or no question added.
 */
export const PromptModal = ({ projectId, groupId, questions, prompt, onDone }: PromptModalProps) => {
  const create = useCreateAiPrompt(projectId);
  const update = useUpdateAiPrompt(projectId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(aiPromptBody),
    defaultValues: {
      name: prompt?.name ?? '',
      // A question deleted since the prompt was saved is no longer offered nor kept.
      questions: prompt?.questions.filter((id) => questions.some((q) => q.id === id)) ?? [],
      ai_initial_question_group_id: groupId,
    },
  });
  const { field: added } = useController({ control, name: 'questions' });
  const ready = watch('name').trim() !== '' && added.value.length > 0;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (prompt) await update.mutateAsync({ id: prompt.id, body: values });
      else await create.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'questions', 'ai_initial_question_group_id']);
      return;
    }
    toast.success(prompt ? PROMPT_UPDATED : PROMPT_CREATED);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Название промпта"
        placeholder="Например, Продажи по телефону"
        required
        limit={NAME_MAX}
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <PromptQuestionLists
        questions={questions}
        added={added.value}
        onChange={added.onChange}
        error={listMessage(errors.questions) ?? errors.ai_initial_question_group_id?.message}
        invalid={errors.questions !== undefined}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText={prompt ? 'Сохранить' : 'Создать'}
        disabled={!ready}
        loading={create.isPending || update.isPending}
      />
    </form>
  );
};
