import { useCallback, useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { KnowledgeCategory, KnowledgeDeletePosts } from '@crm/contract';
import { plural } from '@/lib/plural';
import { Button } from '@/ui/button';
import { useModals } from '@/ui/modal';
import { Select } from '@/ui/select';
import { useDeleteKnowledgeCategory } from '@/features/knowledge/api/delete-knowledge-category';
import formStyles from '@/ui/form.module.css';
import styles from './knowledge.module.css';

export const TOPIC_DELETED = 'Тема удалена!';

const ARTICLES = ['статья', 'статьи', 'статей'] as const;

type TopicDeleteModalProps = {
  projectId: number;
  topic: KnowledgeCategory;
  /** The other topics, where its articles may go. */
  others: KnowledgeCategory[];
  onDone: (deleted: boolean) => void;
};

/**
 * The confirmation for deleting a topic. With articles it asks what happens to them — move to
 * another topic, or delete them too — and says what the choice will do before 'Да, удалить'.
 */
const TopicDeleteModal = ({ projectId, topic, others, onDone }: TopicDeleteModalProps) => {
  const groupName = useId();
  const count = topic.posts_count;
  const [choice, setChoice] = useState<KnowledgeDeletePosts>(others.length > 0 ? 'move' : 'delete');
  const [target, setTarget] = useState(others[0] ? String(others[0].id) : '');
  const remove = useDeleteKnowledgeCategory(projectId);
  const articles = `${count} ${plural(count, ARTICLES)}`;
  const targetName = others.find((o) => String(o.id) === target)?.name;

  const outcome =
    count === 0
      ? 'В теме нет статей.'
      : choice === 'move'
        ? targetName
          ? `${count === 1 ? 'Статья перейдёт' : `Все ${articles} перейдут`} в тему «${targetName}».`
          : 'Выберите тему, куда перенести статьи.'
        : `${count === 1 ? 'Статья будет удалена' : `Все ${articles} будут удалены`} вместе с темой, восстановить ${count === 1 ? 'её' : 'их'} будет нельзя.`;
  const ready = count === 0 || choice === 'delete' || target !== '';

  const agree = async () => {
    try {
      await remove.mutateAsync({
        categoryId: topic.id,
        query:
          count === 0 ? {} : choice === 'move' ? { posts: 'move', to: Number(target) } : { posts: 'delete' },
      });
    } catch {
      return; // The toast said why; the modal stays for another choice.
    }
    toast.success(TOPIC_DELETED);
    onDone(true);
  };

  return (
    <div className={styles.confirm}>
      <p className={styles.confirmMessage}>Удалить тему «{topic.name}»?</p>
      {count > 0 && (
        <fieldset className={styles.choices}>
          <legend className={styles.choicesLegend}>
            В теме {articles}. Что с {plural(count, ['ней', 'ними', 'ними'])} сделать?
          </legend>
          <label className={formStyles.check}>
            <input
              type="radio"
              name={groupName}
              value="move"
              checked={choice === 'move'}
              disabled={others.length === 0}
              onChange={() => setChoice('move')}
            />
            Перенести в другую тему
          </label>
          {choice === 'move' && others.length > 0 && (
            <Select label="Куда перенести" value={target} onChange={(event) => setTarget(event.target.value)}>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </Select>
          )}
          <label className={formStyles.check}>
            <input
              type="radio"
              name={groupName}
              value="delete"
              checked={choice === 'delete'}
              onChange={() => setChoice('delete')}
            />
            Удалить статьи вместе с темой
          </label>
        </fieldset>
      )}
      <p className={styles.confirmHint} aria-live="polite" data-testid="topic-delete-outcome">
        {outcome}
      </p>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={remove.isPending} data-autofocus>
          Нет
        </Button>
        <Button variant="danger" onClick={agree} loading={remove.isPending} disabled={!ready}>
          Да, удалить
        </Button>
      </div>
    </div>
  );
};

/** Opens the topic delete confirmation; `onDeleted` runs once the topic is gone. */
export const useTopicDelete = (projectId: number | null) => {
  const modals = useModals();
  return useCallback(
    (topic: KnowledgeCategory, all: KnowledgeCategory[], onDeleted?: () => void) => {
      if (projectId === null) return;
      const others = all.filter((c) => c.id !== topic.id);
      modals.open(
        ({ close }) => (
          <TopicDeleteModal
            projectId={projectId}
            topic={topic}
            others={others}
            onDone={(deleted) => {
              close();
              if (deleted) onDeleted?.();
            }}
          />
        ),
        { width: 480, ariaLabel: `Удалить тему «${topic.name}»?` },
      );
    },
    [modals, projectId],
  );
};
