import type { ClientView, ClientViewFilters } from '@crm/contract';
import { Select } from '@/ui/select';
import { useClientViews } from '@/features/clients/list/api/client-views';
import styles from './view-switch.module.css';

type ViewSelectProps = {
  projectId: number;
  value: number | undefined;
  onChange: (viewId: number | undefined) => void;
};

/**
 * 'Вид': the saved views to pick from (docs/product.md §4.8 "List view"), the shared ones marked;
 * in the list, and on the board, whose columns a view narrows.
 */
export const ViewSelect = ({ projectId, value, onChange }: ViewSelectProps) => {
  // Always there, its views filled in when they come: nothing beside it moves as they arrive.
  const views = useClientViews(projectId);
  return (
    <Select
      label="Вид"
      className={styles.viewSelect}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
    >
      <option value="">Без сохранённого вида</option>
      {(views.data ?? []).map((view) => (
        <option key={view.id} value={view.id}>
          {view.shared ? `${view.name} · общий` : view.name}
        </option>
      ))}
    </Select>
  );
};

/** The saved view with this id, once the views are read (undefined meanwhile, or when gone). */
export const useBoardView = (projectId: number, viewId: number | undefined): ClientView | undefined =>
  useClientViews(projectId).data?.find((view) => view.id === viewId);

/**
 * What a view adds to the board's own filters: its words, traffic, option, manager and days, each only
 * where the board has none of its own (the board's date and manager controls stay in charge).
 * A view's stage is not applied: the board's columns are the stages.
 */
export const viewOnBoard = (view: ClientView | undefined) => {
  const f = (view?.filters ?? {}) as Partial<ClientViewFilters>;
  return {
    search: f.search,
    traffic: f.traffic,
    manager: f.manager_id,
    from: f.from,
    to: f.to,
    select_id: f.select_id,
    option_id: f.option_id,
    status: f.status,
  };
};
