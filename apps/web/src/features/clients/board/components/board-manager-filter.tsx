import { useSession } from '@/lib/session-context';
import { useMembers } from '@/features/team';
import { Select } from '@/ui/select';

type BoardManagerFilterProps = { value: number | undefined; onChange: (manager: number | undefined) => void };

/** Admins: the board of one member's clients ('Все менеджеры' by default). */
export const BoardManagerFilter = ({ value, onChange }: BoardManagerFilterProps) => {
  const { projectId } = useSession();
  const members = useMembers(projectId);
  return (
    <Select
      label="Менеджер"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
    >
      <option value="">Все менеджеры</option>
      {(members.data ?? []).map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </Select>
  );
};
