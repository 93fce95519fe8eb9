import type { TelegramRulesBody } from '@crm/contract';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { Select } from '@/ui/select';
import { Skeleton } from '@/ui/skeleton';
import { useClientCategories } from '@/features/clients';
import { ManagerRuleFields, useMembers } from '@/features/team';

export type NewClientsValues = TelegramRulesBody;

const toNumber = (value: string | number | null) => (value === '' || value === null ? null : Number(value));
/** No stage chosen: the server takes the pipeline's first. */
const toStage = (value: string | number | null) => (value === '' || value === null ? undefined : Number(value));

type Props = {
  projectId: number;
  register: UseFormRegister<NewClientsValues>;
  watch: UseFormWatch<NewClientsValues>;
  errors: FieldErrors<NewClientsValues>;
};

/** Where a client the bot meets first goes: a stage of the pipeline, and one manager or the managers by turns. */
export function NewClientsFields({ projectId, register: reg, watch, errors: fieldErrors }: Props) {
  const { categories, isPending } = useClientCategories(projectId);
  const members = useMembers(projectId);
  const rule = watch('manager_rule');
  // Drawn once the choices are known, so each select starts on the form's value.
  if (isPending || members.isPending) {
    return (
      <div aria-hidden="true" data-testid="new-clients-skeleton">
        <Skeleton height={64} />
      </div>
    );
  }
  return (
    <>
      <Select label="Этап новых клиентов" required error={fieldErrors.category_id?.message} {...reg('category_id', { setValueAs: toStage })}>
        {categories
          .filter((c) => c.outcome === null)
          .map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
      </Select>
      <ManagerRuleFields
        projectId={projectId}
        rule={rule ?? 'rotation'}
        ruleField={reg('manager_rule')}
        managerField={reg('manager_id', { setValueAs: toNumber })}
        errors={{ manager_rule: fieldErrors.manager_rule?.message, manager_id: fieldErrors.manager_id?.message }}
      />
    </>
  );
}
