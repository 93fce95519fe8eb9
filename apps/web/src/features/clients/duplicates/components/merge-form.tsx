import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useClientCategories } from '@/features/clients/categories/api/client-categories-query';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { ModalFormActions } from '@/ui/modal';
import { useMergeClients } from '../api/merge-clients';
import styles from './duplicates.module.css';

export const CLIENTS_MERGED = 'Клиенты объединены!';

/** A client the merge may keep: what tells two namesakes apart. */
export type MergeCandidate = {
  id: number;
  name: string;
  last_name: string;
  manager: { name: string };
  category_id?: number;
  created_at?: string;
};

const quoted = (c: MergeCandidate) => `«${c.name} ${c.last_name}»`;

/** «Иван Петров», «Иван Петров» и «Ваня Петров». */
const listed = (clients: MergeCandidate[]) =>
  clients.length === 1
    ? quoted(clients[0]!)
    : `${clients.slice(0, -1).map(quoted).join(', ')} и ${quoted(clients[clients.length - 1]!)}`;

/** What the merge will do, said before it is done. */
const Outcome = ({ survivor, others }: { survivor: MergeCandidate; others: MergeCandidate[] }) => {
  const one = others.length === 1;
  return (
    <div className={styles.outcome} aria-live="polite" data-testid="merge-outcome">
      <p>
        Останется {quoted(survivor)} со своими значениями. К нему перейдут заметки, напоминания, чат, история
        и статистика {one ? 'клиента' : 'клиентов'} {listed(others)}, а пустые поля заполнятся{' '}
        {one ? 'его' : 'их'} значениями.
      </p>
      <p>
        {one ? `Клиент ${listed(others)} будет удалён.` : `Клиенты ${listed(others)} будут удалены.`} Это
        действие нельзя отменить.
      </p>
    </div>
  );
};

type MergeFormProps = {
  /** Two or more clients of one group; the first is offered as the one that stays. */
  clients: MergeCandidate[];
  onMerged: (survivor: MergeCandidate) => void;
  onCancel: () => void;
};

/**
 * The merge's confirmation (docs/product.md, "Duplicates"): which client stays (a card each, its
 * manager, stage and day), what moves to it and what is removed; 'Объединить' merges the others
 * into it.
 */
export const MergeForm = ({ clients, onMerged, onCancel }: MergeFormProps) => {
  const { projectId } = useSession();
  const { categories } = useClientCategories(projectId);
  const group = useId();
  const [survivorId, setSurvivorId] = useState(clients[0]?.id ?? 0);
  const merge = useMergeClients(projectId ?? 0);
  const survivor = clients.find((c) => c.id === survivorId) ?? clients[0]!;
  const others = clients.filter((c) => c.id !== survivor.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await merge.mutateAsync({ survivorId: survivor.id, otherIds: others.map((c) => c.id) });
    } catch {
      return; // The toast said why; the dialog stays.
    }
    toast.success(CLIENTS_MERGED);
    onMerged(survivor);
  };

  return (
    <form className={styles.merge} onSubmit={submit} noValidate>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Какой клиент останется?</legend>
        {clients.map((client) => {
          const stage = categories.find((c) => c.id === client.category_id);
          return (
            <label key={client.id} className={styles.choice}>
              <input
                type="radio"
                name={group}
                value={client.id}
                checked={client.id === survivor.id}
                onChange={() => setSurvivorId(client.id)}
                disabled={merge.isPending}
              />
              <span className={styles.choiceText}>
                <span className={styles.choiceName}>
                  {client.name} {client.last_name}
                </span>
                <span className={styles.muted}>Менеджер {client.manager.name}</span>
                {(stage || client.created_at) && (
                  <span className={styles.muted}>
                    {stage && (
                      <span className={styles.stage}>
                        <span
                          className={styles.stageDot}
                          style={{ background: `#${stage.color}` }}
                          aria-hidden="true"
                        />
                        {stage.name}
                      </span>
                    )}
                    {stage && client.created_at && ' · '}
                    {client.created_at && `добавлен ${formatDate(client.created_at)}`}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      <Outcome survivor={survivor} others={others} />
      <ModalFormActions onCancel={onCancel} submitText="Объединить" loading={merge.isPending} />
    </form>
  );
};
