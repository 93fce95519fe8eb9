import { useCallback, useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { KNOWLEDGE_POST_TITLE_MAX, type KnowledgePost } from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
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

type Errors = Partial<Record<'title' | 'content' | 'category', string>>;

/** A 422 answer's messages under the modal's fields (the API's `category_id` is the topic box). */
const fieldErrorsOf = (error: unknown): Errors => {
  if (!isApiError(error) || error.status !== 422) return {};
  const byField: Record<string, keyof Errors> = { title: 'title', content: 'content', category_id: 'category' };
  const errors: Errors = {};
  for (const [field, message] of firstFieldErrors(error.errors)) {
    const target = byField[field];
    if (target) errors[target] = message;
  }
  return errors;
};

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
  const contentErrorId = useId();
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [category, setCategory] = useState(String(post?.category_id ?? categoryId ?? ''));
  const [errors, setErrors] = useState<Errors>({});
  const categoriesQuery = useKnowledgeCategories(projectId);
  const createPost = useCreateKnowledgePost(projectId);
  const updatePost = useUpdateKnowledgePost(projectId);
  const busy = createPost.isPending || updatePost.isPending;
  const ready = title.trim() !== '' && category !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setErrors({});
    const body = { title: title.trim(), content };
    try {
      if (post) {
        await updatePost.mutateAsync({ postId: post.id, body: { ...body, category_id: Number(category) } });
        toast.success(POST_UPDATED);
      } else {
        await createPost.mutateAsync({ categoryId: Number(category), body });
        toast.success(POST_CREATED);
      }
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <Input
        label="Заголовок"
        placeholder="Например, Как отвечать на возражение «дорого»"
        required
        limit={KNOWLEDGE_POST_TITLE_MAX}
        data-autofocus
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <div className={styles.editorField}>
        <span id={contentLabelId} className={styles.fieldLabel}>
          Текст статьи
        </span>
        <RichTextEditor
          value={content}
          onChange={setContent}
          aria-labelledby={contentLabelId}
          placeholder="Текст статьи"
          invalid={errors.content !== undefined}
        />
        {errors.content && (
          <span id={contentErrorId} className={formStyles.error} role="alert">
            {errors.content}
          </span>
        )}
      </div>
      <Select
        label="Тема"
        required
        placeholder="Выберите тему"
        value={category}
        onChange={(event) => setCategory(event.target.value)}
        error={errors.category}
      >
        {(categoriesQuery.data ?? []).map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </Select>
      <ModalFormActions
        onCancel={onDone}
        submitText={post ? 'Сохранить' : 'Добавить'}
        disabled={!ready}
        loading={busy}
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
        ({ close }) => <ArticleModal projectId={projectId} post={opts.post} categoryId={opts.categoryId} onDone={close} />,
        // Typed text is not lost to a stray click outside.
        { title: opts.post ? 'Редактировать статью' : 'Новая статья', width: ARTICLE_MODAL_WIDTH, closeOnOverlay: false },
      );
    },
    [modals, projectId],
  );
};
