import { useId, useState } from 'react';
import { whatTheyShare } from '@/features/clients/board/components/duplicates-warning';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Loading, Skeleton } from '@/ui/skeleton';
import { useClientDuplicates } from '../api/get-client-duplicates';
import { MergeForm, type MergeCandidate } from './merge-form';
import styles from './duplicates.module.css';

type ClientMergeProps = {
  /** The client whose panel asked: offered as the one that stays. */
  client: MergeCandidate;
  onMerged: (survivor: MergeCandidate) => void;
  onCancel: () => void;
};

/**
 * 'Объединить' from a client (docs/product.md, "Duplicates"): his duplicates to choose from, the
 * surest first, then the merge's confirmation for the two.
 */
export const ClientMerge = ({ client, onMerged, onCancel }: ClientMergeProps) => {
  const { projectId } = useSession();
  const duplicates = useClientDuplicates(projectId, client.id);
  const group = useId();
  const found = (duplicates.data ?? []).flatMap((d) =>
    d.client ? [{ ...d.client, manager: d.manager, matches: d.matches }] : [],
  );
  const [chosenId, setChosenId] = useState<number | null>(null);
  const other = found.find((d) => d.id === chosenId) ?? found[0];

  if (duplicates.isPending) {
    return (
      <Loading label="Загрузка дублей клиента" className={styles.merge}>
        {[0, 1].map((i) => (
          <div key={i} className={styles.skeletonChoice}>
            <Skeleton width="50%" height={16} />
            <Skeleton width="70%" height={12} />
          </div>
        ))}
      </Loading>
    );
  }
  if (duplicates.isError) {
    return (
      <LoadError plain text="Не удалось найти дубли клиента." onRetry={() => void duplicates.refetch()} />
    );
  }
  if (!other) {
    return (
      <EmptyState
        plain
        icon="check"
        text="Дублей нет: ни телефон, ни ссылка на соцсеть, ни имя с фамилией не совпадают с другими клиентами."
        action={
          <Button variant="secondary" onClick={onCancel}>
            Закрыть
          </Button>
        }
      />
    );
  }
  return (
    <div className={styles.merge}>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>С кем объединить?</legend>
        {found.map((d) => (
          <label key={d.id} className={styles.choice}>
            <input
              type="radio"
              name={group}
              value={d.id}
              checked={d.id === other.id}
              onChange={() => setChosenId(d.id)}
            />
            <span className={styles.choiceText}>
              <span className={styles.choiceName}>
                {d.name} {d.last_name}
              </span>
              <span className={styles.muted}>
                Менеджер {d.manager.name}: {whatTheyShare(d)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {/* A new pair starts with the panel's client as the one that stays. */}
      <MergeForm key={other.id} clients={[client, other]} onMerged={onMerged} onCancel={onCancel} />
    </div>
  );
};
