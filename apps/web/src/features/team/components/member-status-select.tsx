import { toast } from 'react-toastify';
import type { Status } from '@crm/contract';
import { Select } from '@/ui/select';
import { useUpdateMemberStatus } from '@/features/team/api/update-member-status';

export const MEMBER_STATUS_SAVED = 'Статус сохранен!';

type MemberStatusSelectProps = {
  projectId: number;
  userId: number;
  name: string;
  statusId: number | null;
  statuses: Status[];
  /** In a table row the label is for screen readers only. */
  hideLabel?: boolean;
};

/** A manager's status (level), changed on the spot: PUT …/users/{userId}/status. */
export const MemberStatusSelect = ({ projectId, userId, name, statusId, statuses, hideLabel = false }: MemberStatusSelectProps) => {
  const updateMutation = useUpdateMemberStatus(projectId);
  return (
    <Select
      label={hideLabel ? `Статус менеджера ${name}` : 'Статус'}
      hideLabel={hideLabel}
      value={statusId === null ? '' : String(statusId)}
      placeholder={statusId === null ? 'Без статуса' : undefined}
      disabled={updateMutation.isPending || statuses.length === 0}
      hint={!hideLabel && statuses.length === 0 ? 'Сначала создайте статусы в разделе «Статусы».' : undefined}
      onChange={(event) => {
        const next = Number(event.target.value);
        if (!next || next === statusId) return;
        updateMutation.mutate({ userId, statusId: next }, { onSuccess: () => toast.success(MEMBER_STATUS_SAVED) });
      }}
    >
      {statuses.map((status) => (
        <option key={status.id} value={status.id}>
          {status.name}
        </option>
      ))}
    </Select>
  );
};
