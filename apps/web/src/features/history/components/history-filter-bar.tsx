import { HISTORY_SUBJECT_TYPES, historySubjectLabels } from '@crm/contract';
import { useMembers } from '@/features/team';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { hasHistoryFilters, isBackwards, type HistoryParams } from './history-params';
import styles from './history.module.css';
import { useFormerMembers } from '@/features/history/api/get-history';
import { formerMemberName } from '@/features/team';

/** The clients board's words for a range that ends before it starts. */
const RANGE_BACKWARDS = 'Дата «по» не может быть раньше даты «с»';

type HistoryFilterBarProps = {
  projectId: number | null;
  params: HistoryParams;
  /** The chosen person's name when he is no longer a member (read from his entries). */
  formerName?: string;
  onChange: (next: Partial<HistoryParams>) => void;
  onReset: () => void;
};

/**
 * Who acted (the members list is open to every member, so managers filter too: an admin may
 * act on their clients), what the entry is about, and the project's days from … to ….
 */
export const HistoryFilterBar = ({
  projectId,
  params,
  formerName,
  onChange,
  onReset,
}: HistoryFilterBarProps) => {
  const members = useMembers(projectId);
  const formerMembers = useFormerMembers(projectId);
  // Those removed since stay findable, marked: their entries are still here.
  const people = [
    ...(members.data ?? []).map((m) => ({ id: m.id, name: m.name })),
    ...(formerMembers.data ?? []).map((m) => ({ id: m.id, name: formerMemberName(m.name) })),
  ];
  const missing =
    params.user_id !== '' &&
    members.isSuccess &&
    formerMembers.isSuccess &&
    !people.some((m) => String(m.id) === params.user_id);
  const backwards = isBackwards(params);

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label="Фильтры истории"
      onSubmit={(e) => e.preventDefault()}
    >
      <Select
        label="Сотрудник"
        className={styles.filterPerson}
        value={params.user_id}
        disabled={members.isPending}
        onChange={(event) => onChange({ user_id: event.target.value })}
      >
        <option value="">Все</option>
        {people.map((member) => (
          <option key={member.id} value={String(member.id)}>
            {member.name}
          </option>
        ))}
        {/* A link may name someone who has left: he stays chosen, under the name he acted with. */}
        {missing && <option value={params.user_id}>{formerName ?? `Участник №${params.user_id}`}</option>}
      </Select>
      <Select
        label="Раздел"
        className={styles.filterKind}
        value={params.subject_type}
        onChange={(event) => onChange({ subject_type: event.target.value as HistoryParams['subject_type'] })}
      >
        <option value="">Все</option>
        {HISTORY_SUBJECT_TYPES.map((type) => (
          <option key={type} value={type}>
            {historySubjectLabels[type]}
          </option>
        ))}
      </Select>
      <fieldset className={styles.dates}>
        <legend className="visually-hidden">Период</legend>
        <Input
          label="Дата с"
          type="date"
          className={styles.dateInput}
          value={params.from}
          max={params.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
        <Input
          label="Дата по"
          type="date"
          className={styles.dateInput}
          value={params.to}
          min={params.from || undefined}
          error={backwards ? RANGE_BACKWARDS : undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </fieldset>
      <Button
        variant="ghost"
        className={styles.reset}
        disabled={!hasHistoryFilters(params)}
        onClick={onReset}
      >
        Сбросить
      </Button>
    </form>
  );
};
