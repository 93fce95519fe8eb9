import { useCallback, useState } from 'react';
import type { KnowledgePost } from '@crm/contract';
import { useKnowledgeCategories, useKnowledgePosts } from '@/features/knowledge/api/knowledge-queries';
import { Button } from '@/ui/button';
import { EmptyState, LoadError } from '@/ui/empty-state';
import formStyles from '@/ui/form.module.css';
import { useModals } from '@/ui/modal';
import { Pager } from '@/ui/pager/pager';
import { Select } from '@/ui/select';
import { Skeleton, Loading } from '@/ui/skeleton';
import styles from './posts-picker.module.css';

/** Spec §2, §9: the knowledge posts picker is 550 px wide; its pager shows 3 pages in range, 2 at the margins. */
const PICKER_WIDTH = 550;
const PAGE_RANGE = { range: 3, margin: 2 } as const;

export type PickedPost = Pick<KnowledgePost, 'id' | 'title'>;

type PostsPickerProps = {
  projectId: number;
  /** Articles already chosen: their boxes start ticked. */
  selected: PickedPost[];
  onPick: (posts: PickedPost[]) => void;
  onCancel: () => void;
};

/**
 * The knowledge posts picker (reminder scenarios pick their articles with it): the library's
 * articles, every topic or one,
 * paged, with a box each; 'Выбрать' hands back the ticked ones, across pages and topics.
 */
const PostsPicker = ({ projectId, selected, onPick, onCancel }: PostsPickerProps) => {
  const [topic, setTopic] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState(() => new Map(selected.map((post) => [post.id, post])));
  const categories = useKnowledgeCategories(projectId).data ?? [];
  const postsQuery = useKnowledgePosts(projectId, {
    page,
    ...(topic === '' ? {} : { category: Number(topic) }),
  });
  const data = postsQuery.data;

  const toggle = (post: KnowledgePost) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(post.id)) next.delete(post.id);
      else next.set(post.id, { id: post.id, title: post.title });
      return next;
    });

  let list;
  if (postsQuery.isError && !data) {
    list = <LoadError plain text="Не удалось загрузить статьи." onRetry={() => void postsQuery.refetch()} />;
  } else if (!data) {
    list = (
      <Loading className={styles.skeleton} label="Загрузка статей">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={20} />
        ))}
      </Loading>
    );
  } else if (data.data.length === 0) {
    list = <EmptyState plain icon="knowledge" text="Статей пока нет." />;
  } else {
    list = (
      <>
        <ul className={styles.list} aria-label="Статьи" aria-busy={postsQuery.isPlaceholderData || undefined}>
          {data.data.map((post) => (
            <li key={post.id}>
              <label className={styles.row} data-testid="picker-post">
                <input type="checkbox" checked={picked.has(post.id)} onChange={() => toggle(post)} />
                <span className={styles.title}>{post.title}</span>
              </label>
            </li>
          ))}
        </ul>
        <Pager
          label="Страницы статей"
          current={data.current_page}
          last={data.last_page}
          onChange={setPage}
          {...PAGE_RANGE}
        />
      </>
    );
  }

  return (
    <div className={formStyles.form}>
      <Select
        label="Тема"
        value={topic}
        onChange={(event) => {
          setTopic(event.target.value);
          setPage(1);
        }}
      >
        <option value="">Все темы</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </Select>
      {list}
      <div className={styles.actions}>
        <span className={styles.count} aria-live="polite">
          Выбрано: {picked.size}
        </span>
        <Button variant="secondary" onClick={onCancel}>
          Отменить
        </Button>
        <Button onClick={() => onPick([...picked.values()])}>Выбрать</Button>
      </div>
    </div>
  );
};

/** Opens the posts picker on the modal stack; `onPick` gets the ticked articles when 'Выбрать' is pressed. */
export const usePostsPicker = (projectId: number | null) => {
  const modals = useModals();
  return useCallback(
    (selected: PickedPost[], onPick: (posts: PickedPost[]) => void) => {
      if (projectId === null) return;
      modals.open(
        ({ close }) => (
          <PostsPicker
            projectId={projectId}
            selected={selected}
            onCancel={close}
            onPick={(posts) => {
              close();
              onPick(posts);
            }}
          />
        ),
        { title: 'Статьи из библиотеки', width: PICKER_WIDTH },
      );
    },
    [modals, projectId],
  );
};
