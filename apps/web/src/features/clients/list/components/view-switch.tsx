import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '@/ui/cx';
import styles from './view-switch.module.css';

export type ClientsView = 'board' | 'list';

/** The clients page's view lives in the address (`?view=list`), so a reload or a link keeps it. */
export const useViewParam = () => {
  const [params, setParams] = useSearchParams();
  const view: ClientsView = params.get('view') === 'list' ? 'list' : 'board';
  const setView = useCallback(
    (next: ClientsView) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next === 'list') out.set('view', 'list');
          else out.delete('view');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [view, setView] as const;
};

const VIEWS: { value: ClientsView; label: string }[] = [
  { value: 'board', label: 'Доска' },
  { value: 'list', label: 'Список' },
];

/** 'Доска' | 'Список': two pressed-state buttons beside the board's tools. */
export const ViewSwitch = ({
  value,
  onChange,
}: {
  value: ClientsView;
  onChange: (view: ClientsView) => void;
}) => (
  <div className={styles.switch} role="group" aria-label="Вид клиентов">
    {VIEWS.map((view) => (
      <button
        key={view.value}
        type="button"
        aria-pressed={value === view.value}
        className={cx(styles.option, value === view.value && styles.active)}
        onClick={() => onChange(view.value)}
      >
        {view.label}
      </button>
    ))}
  </div>
);
