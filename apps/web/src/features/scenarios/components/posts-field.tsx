import { useId } from 'react';
import { SCENARIO_POSTS_MAX } from '@crm/contract';
import { Button, IconButton } from '@/ui/button';
import { Icon } from '@/ui/icons';
import inputStyles from '@/ui/input.module.css';
import { usePostsPicker, type PickedPost } from '@/features/knowledge';
import styles from './scenarios.module.css';

type PostsFieldProps = {
  projectId: number;
  posts: PickedPost[];
  onChange: (posts: PickedPost[]) => void;
  readOnly?: boolean;
  error?: string;
};

/** The scenario's articles: chosen in the knowledge picker (550 px, paged), listed, each removable. */
export const PostsField = ({ projectId, posts, onChange, readOnly = false, error }: PostsFieldProps) => {
  const labelId = useId();
  const pick = usePostsPicker(projectId);
  const over = posts.length > SCENARIO_POSTS_MAX ? `Не более ${SCENARIO_POSTS_MAX} статей` : undefined;
  const message = error ?? over;
  return (
    <div className={inputStyles.field}>
      <span className={inputStyles.label} id={labelId}>
        Статьи из библиотеки
      </span>
      {posts.length === 0 ? (
        readOnly ? (
          <p className={styles.emptyNote}>Статьи не выбраны.</p>
        ) : (
          <p className={inputStyles.hint}>Менеджер увидит эти статьи в напоминании.</p>
        )
      ) : (
        <ul className={styles.chosenList} aria-labelledby={labelId}>
          {posts.map((post) => (
            <li key={post.id} className={styles.chosenItem} data-testid="chosen-post">
              <Icon name="knowledge" size={16} className={styles.chosenIcon} />
              <span className={styles.chosenText}>{post.title}</span>
              {!readOnly && (
                <IconButton
                  label={`Убрать статью «${post.title}»`}
                  destructive
                  onClick={() => onChange(posts.filter((other) => other.id !== post.id))}
                >
                  <Icon name="close" size={16} />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <span className={inputStyles.error} role="alert">
          {message}
        </span>
      )}
      {!readOnly && (
        <div>
          <Button variant="secondary" onClick={() => pick(posts, onChange)}>
            <Icon name="knowledge" size={18} />
            {posts.length === 0 ? 'Выбрать статьи' : 'Изменить выбор статей'}
          </Button>
        </div>
      )}
    </div>
  );
};
