import { useCallback, useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { KNOWLEDGE_POST_TITLE_MAX, knowledgePostUpdateBody, type KnowledgePost } from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions, useModals } from '@/ui/modal';
import { RichTextEditor } from '@/ui/rich-text';
import { Select } from '@/ui/select';
import { useKnowledgeCategories } from '@/features/knowledge/api/knowledge-queries';
import { useCreateKnowledgePost } from '@/features/knowledge/api/create-knowledge-post';
import { useUpdateKnowledgePost } from '@/features/knowledge/api/update-knowledge-post';
import styles from './knowledge.module.css';

export const POST_CREATED = 'Статья добавлена!';
export const POST_UPDATED = 'Статья обновлена!';

/** The article modal holds the editor: as wide as the hint modals (docs/product.md §10.6: 830 px). */
const ARTICLE_MODAL_WIDTH = 830;

type ArticleModalProps = {
  projectId: number;
  /** Given: edit it; absent: add an article. */
  post?: KnowledgePost;
  /** The topic chosen at first when adding (the topic on screen). */
  categoryId?: number;
  onDone: () => void;
};

/**
 * The article modal (docs/product.md §2.4, §4.12): title, rich-text content, topic; the submit is disabled without
 * a title and a topic; an empty text is sent as ''. A refusal keeps everything typed.
 */
export const ArticleModal = ({ projectId, post, categoryId, onDone }: ArticleModalProps) => {
  const contentLabelId = useId();
  const categoriesQuery = useKnowledgeCategories(projectId);
  const createPost = useCreateKnowledgePost(projectId);
  const updatePost = useUpdateKnowledgePost(projectId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    // A new article is checked as an edited one: its topic is where it is added.
    resolver: zodResolver(knowledgePostUpdateBody),
    defaultValues: {
      title: post?.title ?? '',
      content: post?.content ?? '',
      category_id: post?.category_id ?? categoryId,
    },
  });
  const ready = watch('title').trim() !== '' && watch('category_id') !== undefined;

  const onSubmit = handleSubmit(async ({ category_id, ...body }) => {
    try {
      if (post) await updatePost.mutateAsync({ postId: post.id, body: { ...body, category_id } });
      else await createPost.mutateAsync({ categoryId: category_id, body });
    } catch (error) {
      applyServerErrors(error, setError, ['title', 'content', 'category_id']);
      return;
    }
    toast.success(post ? POST_UPDATED : POST_CREATED);
    onDone();
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Заголовок"
        placeholder="Например, Как отвечать на возражение «дорого»"
        required
        limit={KNOWLEDGE_POST_TITLE_MAX}
        data-autofocus
        error={errors.title?.message}
        {...register('title')}
      />
      <Controller
        control={control}
        name="content"
        render={({ field, fieldState }) => (
          <div className={styles.editorField}>
            <span id={contentLabelId} className={styles.fieldLabel}>
              Текст статьи
            </span>
            <RichTextEditor
              value={field.value ?? ''}
              onChange={field.onChange}
              aria-labelledby={contentLabelId}
              placeholder="Текст статьи"
              invalid={fieldState.error !== undefined}
            />
            {fieldState.error && (
              <span className={formStyles.error} role="alert">
                {fieldState.error.message}
              </span>
            )}
          </div>
        )}
      />
      <Controller
        control={control}
        name="category_id"
        render={({ field, fieldState }) => (
          <Select
            {...field}
            label="Тема"
            required
            placeholder="Выберите тему"
            value={field.value ?? ''}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
            }
            error={fieldState.error?.message}
          >
            {(categoriesQuery.data ?? []).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </Select>
        )}
      />
      <ModalFormActions
        onCancel={onDone}
        submitText={post ? 'Сохранить' : 'Добавить'}
        disabled={!ready}
        loading={createPost.isPending || updatePost.isPending}
      />
    </form>
  );
};

/** Opens the add or edit article modal on the stack. */
export const useArticleModal = (projectId: number | null) => {
  const modals = useModals();
  return useCallback(
    (opts: { post?: KnowledgePost; categoryId?: number } = {}) => {
      if (projectId === null) return;
      modals.open(
        ({ close }) => (
          <ArticleModal projectId={projectId} post={opts.post} categoryId={opts.categoryId} onDone={close} />
        ),
        // Typed text is not lost to a stray click outside.
        {
          title: opts.post ? 'Редактировать статью' : 'Новая статья',
          width: ARTICLE_MODAL_WIDTH,
          closeOnOverlay: false,
        },
      );
    },
    [modals, projectId],
  );
};
