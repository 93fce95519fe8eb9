import { useState, type FormEvent } from 'react';
import type { ClientView, ClientViewBody } from '@crm/contract';
import { Button } from '@/ui/button';
import { Dropdown } from '@/ui/dropdown';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import { toast } from '@/ui/toasts';
import {
  useClientViews,
  useDeleteClientView,
  useSaveClientView,
} from '@/features/clients/list/api/client-views';
import { ViewSelect } from './view-select';
import styles from './client-list.module.css';

type SavedViewsProps = {
  projectId: number;
  userId: number;
  isAdmin: boolean;
  chosen: ClientView | null;
  onChoose: (view: ClientView | null) => void;
  /** The list as it is now: what 'Сохранить вид' keeps. */
  current: Omit<ClientViewBody, 'name' | 'shared'>;
};

/**
 * Saved views (docs/product.md §4.8 "List view"): pick one (its filters, columns and sort apply),
 * save the list as it is under a name, share it with the team (admins), delete one's own.
 */
export const SavedViews = ({ projectId, userId, isAdmin, chosen, onChoose, current }: SavedViewsProps) => {
  const views = useClientViews(projectId);
  const save = useSaveClientView(projectId);
  const remove = useDeleteClientView(projectId);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const mayChange = (view: ClientView) => (view.shared ? isAdmin : view.owner.id === userId);

  const submit = (close: () => void) => (event: FormEvent) => {
    event.preventDefault();
    const body = { ...current, name: name.trim(), shared };
    save.mutate(
      { body },
      {
        onSuccess: (view) => {
          toast.success(`Вид «${view.name}» сохранён`);
          setName('');
          setShared(false);
          onChoose(view);
          close();
        },
      },
    );
  };

  return (
    <div className={styles.views}>
      <ViewSelect
        projectId={projectId}
        value={chosen?.id}
        onChange={(id) => onChoose(views.data?.find((v) => v.id === id) ?? null)}
      />
      {chosen && mayChange(chosen) && (
        <Button
          variant="ghost"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { id: chosen.id, body: { ...current, name: chosen.name, shared: chosen.shared } },
              { onSuccess: () => toast.success(`Вид «${chosen.name}» обновлён`) },
            )
          }
        >
          Обновить вид
        </Button>
      )}
      {chosen && mayChange(chosen) && (
        <Button
          variant="ghost"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(chosen.id, {
              onSuccess: () => {
                toast.success(`Вид «${chosen.name}» удалён`);
                onChoose(null);
              },
            })
          }
        >
          Удалить вид
        </Button>
      )}
      <Dropdown
        trigger={
          <>
            <Icon name="plus" size={18} />
            Сохранить вид
          </>
        }
        triggerClassName={styles.dropdownTrigger}
      >
        {(close) => (
          <form className={styles.saveForm} onSubmit={submit(close)}>
            <Input
              label="Название вида"
              required
              value={name}
              limit={100}
              onChange={(event) => setName(event.target.value)}
            />
            {isAdmin && (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={shared}
                  onChange={(event) => setShared(event.target.checked)}
                />
                Показывать всей команде
              </label>
            )}
            <Button type="submit" disabled={name.trim() === '' || save.isPending}>
              Сохранить
            </Button>
          </form>
        )}
      </Dropdown>
    </div>
  );
};
