import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { KnowledgeCategory, KnowledgePost } from '@crm/contract';
import { LoadError } from '@/ui/empty-state';
import { ArticleList } from './article-list';
import { LibrarySearchBox, LibrarySearchResults, useLibrarySearchText } from './library-search';
import { TopicNav, TopicNavSkeleton } from './topic-nav';
import { useArticleReader } from './use-article-reader';
import { useLibraryParams } from './use-library-params';
import styles from './knowledge.module.css';

export type LibraryEditing = {
  topicActions: (topic: KnowledgeCategory, topics: KnowledgeCategory[]) => ReactNode;
  articleActions: (post: KnowledgePost) => ReactNode;
  /** 'Добавить статью' for the topic on screen (the card's head, and the empty topic). */
  addArticle: (topic: KnowledgeCategory, place: 'head' | 'empty') => ReactNode;
};

type LibraryViewProps = {
  projectId: number | null;
  topics: KnowledgeCategory[] | undefined;
  isError: boolean;
  onRetry: () => void;
  /** Shown in place of the library while it has no topic. */
  empty: ReactNode;
  /** Admins: 'Редактировать' in the reader. */
  canEdit: boolean;
  /** The settings page: buttons on topics and articles; no search. */
  editing?: LibraryEditing;
};

/**
 * The library as both pages show it: the topics (the chosen one from `?category`, else the first),
 * its articles paged by `?page`, the reader; on /knowledge also the search over every topic.
 */
export const LibraryView = ({
  projectId,
  topics,
  isError,
  onRetry,
  empty,
  canEdit,
  editing,
}: LibraryViewProps) => {
  const { category, page, setPage, article, setArticle } = useLibraryParams();
  const [typed, setTyped] = useState('');
  const text = useLibrarySearchText(typed);
  const reader = useArticleReader(projectId, canEdit);
  // The article in the address is read, once per opening: from the list, a search, a reminder's
  // link or a reload. Closing the reader takes it out of the address.
  const readingRef = useRef<number | null>(null);
  useEffect(() => {
    if (article === null || projectId === null) {
      readingRef.current = null;
      return;
    }
    if (readingRef.current === article) return;
    readingRef.current = article;
    void reader.openById(article, () => setArticle(null));
  }, [article, projectId, reader, setArticle]);

  if (isError && !topics) return <LoadError text="Не удалось загрузить темы библиотеки." onRetry={onRetry} />;
  if (topics && topics.length === 0) return <>{empty}</>;

  // A topic in the address that is gone (deleted, another project) falls back to the first one.
  const topic = topics?.find((t) => t.id === category) ?? topics?.[0];
  // The page belongs to the topic in the address (or to the first one, when none is named).
  const onPage = category === null || topic?.id === category ? page : 1;
  const searching = !editing && typed.trim() !== '' && text !== '';

  return (
    <>
      {/* There before the topics, so their arrival does not push the library down. */}
      {!editing && <LibrarySearchBox value={typed} onChange={setTyped} />}
      {searching ? (
        <LibrarySearchResults projectId={projectId} text={text} onOpen={(id) => setArticle(id)} />
      ) : (
        <div className={styles.layout}>
          {topics ? (
            <TopicNav
              topics={topics}
              selectedId={topic?.id ?? null}
              actions={editing ? (t) => editing.topicActions(t, topics) : undefined}
            />
          ) : (
            <TopicNavSkeleton />
          )}
          {topic ? (
            <ArticleList
              key={topic.id}
              projectId={projectId}
              topic={topic}
              page={onPage}
              onPage={setPage}
              onRead={(post) => setArticle(post.id)}
              headActions={editing?.addArticle(topic, 'head')}
              actions={editing?.articleActions}
              emptyAction={editing?.addArticle(topic, 'empty')}
            />
          ) : (
            <div />
          )}
        </div>
      )}
    </>
  );
};
