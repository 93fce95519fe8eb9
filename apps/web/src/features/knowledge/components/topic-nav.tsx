import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { KnowledgeCategory } from '@crm/contract';
import { cx } from '@/ui/cx';
import { Skeleton } from '@/ui/skeleton';
import styles from './knowledge.module.css';

type TopicNavProps = {
  topics: KnowledgeCategory[];
  selectedId: number | null;
  /** Buttons beside a topic (rename, delete on the settings page). */
  actions?: (topic: KnowledgeCategory) => ReactNode;
};

/** The library's topics with their article counts; each is a link to its first page (`?category=`). */
export const TopicNav = ({ topics, selectedId, actions }: TopicNavProps) => (
  <nav className={styles.topics} aria-label="Темы библиотеки">
    <ul className={styles.topicList}>
      {topics.map((topic) => {
        const selected = topic.id === selectedId;
        return (
          <li key={topic.id} className={cx(styles.topic, selected && styles.topicSelected)} data-testid="topic">
            <Link
              to={{ search: `?category=${topic.id}` }}
              className={styles.topicLink}
              aria-current={selected ? 'page' : undefined}
            >
              <span className={styles.topicName} data-testid="topic-name">
                {topic.name}
              </span>
              <span className={styles.topicCount}>
                <span className="visually-hidden">Статей: </span>
                {topic.posts_count}
              </span>
            </Link>
            {actions && <span className={styles.topicActions}>{actions(topic)}</span>}
          </li>
        );
      })}
    </ul>
  </nav>
);

export const TopicNavSkeleton = () => (
  <div className={styles.topics} aria-hidden="true" data-testid="topics-skeleton">
    {[0, 1, 2, 3].map((i) => (
      <div key={i} className={styles.topicSkeleton}>
        <Skeleton width="70%" height={14} />
      </div>
    ))}
  </div>
);
