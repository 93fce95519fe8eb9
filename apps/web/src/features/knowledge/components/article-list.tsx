import { useEffect, type ReactNode } from 'react';
import type { KnowledgeCategory, KnowledgePost } from '@crm/contract';
import { formatDate } from '@/lib/dates';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Pager } from '@/ui/pager/pager';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useKnowledgePosts } from '@/features/knowledge/api/knowledge-queries';
import { richTextPreview } from './rich-text-preview';
import styles from './knowledge.module.css';

type ArticleListProps = {
  projectId: number | null;
  topic: KnowledgeCategory;
  page: number;
  onPage: (page: number) => void;
  onRead: (post: KnowledgePost) => void;
  /** Buttons on the right of the card's title ('Добавить статью'). */
  headActions?: ReactNode;
  /** Buttons beside an article (edit, delete). */
  actions?: (post: KnowledgePost) => ReactNode;
  /** The action of the empty topic's state. */
  emptyAction?: ReactNode;
};

/** The chosen topic's articles, newest first, 20 a page; the pager shows only with more than one page. */
export const ArticleList = ({
  projectId,
  topic,
  page,
  onPage,
  onRead,
  headActions,
  actions,
  emptyAction,
}: ArticleListProps) => {
  const postsQuery = useKnowledgePosts(projectId, { category: topic.id, page });
  const data = postsQuery.data;
  const titleId = `topic-${topic.id}-title`;
  // A page past the end (its last article deleted, an old link) goes to the last page there is.
  const pastEnd = data !== undefined && !postsQuery.isPlaceholderData && data.data.length === 0 && page > 1;
  const lastPage = data?.last_page ?? 1;
  useEffect(() => {
    if (pastEnd) onPage(lastPage);
  }, [pastEnd, lastPage, onPage]);

  let body: ReactNode;
  if (postsQuery.isError && !data) {
    body = <LoadError plain text="Не удалось загрузить статьи." onRetry={() => void postsQuery.refetch()} />;
  } else if (!data) {
    body = (
      <Loading className={styles.articlesSkeleton} label="Загрузка статей" data-testid="articles-skeleton">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.articleSkeleton}>
            <Skeleton width="50%" height={16} />
            <Skeleton width="90%" height={12} />
          </div>
        ))}
      </Loading>
    );
  } else if (data.data.length === 0 && data.current_page === 1) {
    body = <EmptyState plain icon="knowledge" text="В этой теме пока нет статей." action={emptyAction} />;
  } else {
    body = (
      <>
        <ul
          className={styles.articles}
          aria-labelledby={titleId}
          aria-busy={postsQuery.isPlaceholderData || undefined}
        >
          {data.data.map((post) => {
            const preview = richTextPreview(post.content);
            return (
              <li key={post.id} className={styles.article} data-testid="article">
                <div className={styles.articleMain}>
                  <button type="button" className={styles.articleTitle} onClick={() => onRead(post)}>
                    {post.title}
                  </button>
                  {preview !== '' && <p className={styles.articleText}>{preview}</p>}
                  <span className={styles.articleDate}>
                    <span className="visually-hidden">Обновлена </span>
                    {formatDate(post.updated_at)}
                  </span>
                </div>
                {actions && <span className={styles.articleActions}>{actions(post)}</span>}
              </li>
            );
          })}
        </ul>
        <Pager label="Страницы статей" current={data.current_page} last={data.last_page} onChange={onPage} />
      </>
    );
  }

  return (
    <Card aria-labelledby={titleId} className={styles.articlesCard}>
      <CardHead actions={headActions}>
        <CardTitle id={titleId} count={topic.posts_count}>
          {topic.name}
        </CardTitle>
      </CardHead>
      {body}
    </Card>
  );
};
