import { useState } from 'react';
import { CLIENT_SEARCH_DEBOUNCE_MS, KNOWLEDGE_SEARCH_MAX_LENGTH } from '@crm/contract';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Highlighted } from '@/ui/highlight';
import { Icon } from '@/ui/icons';
import { Pager } from '@/ui/pager/pager';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useSearchKnowledgePosts } from '@/features/knowledge/api/search-knowledge-posts';
import styles from './knowledge.module.css';

type LibrarySearchBoxProps = { value: string; onChange: (value: string) => void };

/** The library's search box: titles and texts of every topic. */
export const LibrarySearchBox = ({ value, onChange }: LibrarySearchBoxProps) => (
  <div className={styles.searchBox} role="search">
    <Icon name="search" size={20} className={styles.searchIcon} />
    <input
      type="search"
      className={styles.searchInput}
      aria-label="Поиск по библиотеке"
      placeholder="Поиск по заголовкам и текстам статей"
      maxLength={KNOWLEDGE_SEARCH_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  </div>
);

/** The text as the server will search it, 300 ms after the last keystroke (the spec's one debounce). */
export const useLibrarySearchText = (typed: string) =>
  useDebouncedValue(typed.trim(), CLIENT_SEARCH_DEBOUNCE_MS);

type LibrarySearchResultsProps = {
  projectId: number | null;
  /** The debounced text; never empty here. */
  text: string;
  onOpen: (postId: number) => void;
};

/**
 * The articles matching the text, with the searched words marked in the title and the excerpt
 * (React elements, never HTML); 'Ничего не найдено' when none. The page number belongs to one text.
 */
export const LibrarySearchResults = ({ projectId, text, onOpen }: LibrarySearchResultsProps) => {
  const [paging, setPaging] = useState({ text, page: 1 });
  const page = paging.text === text ? paging.page : 1;
  const result = useSearchKnowledgePosts(projectId, { search: text, page });
  const data = result.data;
  const count = data ? (data.total_capped ? `${data.total}+` : String(data.total)) : undefined;

  let body;
  if (result.isError && !data) {
    body = <LoadError plain text="Не удалось выполнить поиск." onRetry={() => void result.refetch()} />;
  } else if (!data) {
    body = (
      <Loading className={styles.articlesSkeleton} label="Поиск статей">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.articleSkeleton}>
            <Skeleton width="45%" height={16} />
            <Skeleton width="85%" height={12} />
          </div>
        ))}
      </Loading>
    );
  } else if (data.total === 0) {
    body = <EmptyState plain icon="search" text="Ничего не найдено" />;
  } else {
    body = (
      <>
        <ul
          className={styles.articles}
          aria-label="Найденные статьи"
          aria-busy={result.isPlaceholderData || undefined}
        >
          {data.data.map((hit) => (
            <li key={hit.id} className={styles.article} data-testid="search-hit">
              <div className={styles.articleMain}>
                <button type="button" className={styles.articleTitle} onClick={() => onOpen(hit.id)}>
                  <Highlighted text={hit.title} query={text} />
                </button>
                {hit.excerpt !== '' && (
                  <p className={styles.articleText}>
                    <Highlighted text={hit.excerpt} query={text} />
                  </p>
                )}
                <span className={styles.hitTopic}>
                  <span className="visually-hidden">Тема: </span>
                  {hit.category_name}
                </span>
              </div>
            </li>
          ))}
        </ul>
        <Pager
          label="Страницы результатов"
          current={data.current_page}
          last={data.last_page}
          onChange={(next) => setPaging({ text, page: next })}
        />
      </>
    );
  }

  return (
    <Card aria-labelledby="library-search-title" className={styles.articlesCard}>
      <CardHead>
        <CardTitle id="library-search-title" count={count}>
          Результаты поиска
        </CardTitle>
      </CardHead>
      <div aria-live="polite" className="visually-hidden">
        {data ? (data.total === 0 ? 'Ничего не найдено' : `Найдено статей: ${count}`) : ''}
      </div>
      {body}
    </Card>
  );
};
