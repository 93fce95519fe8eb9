import { LEAD_MANAGER_RULE_LABELS, LEAD_MANAGER_RULES, type TelegramRulesBody } from '@crm/contract';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { Select } from '@/ui/select';
import { useClientCategories } from '@/features/clients';
import { useMembers } from '@/features/team';

export type NewClientsValues = TelegramRulesBody;

const toNumber = (value: string | number | null) => (value === '' || value === null ? null : Number(value));

type Props = {
  projectId: number;
  register: UseFormRegister<NewClientsValues>;
  watch: UseFormWatch<NewClientsValues>;
  errors: FieldErrors<NewClientsValues>;
};

/** Where a client the bot meets first goes: a stage of the pipeline, and one manager or the managers by turns. */
export function NewClientsFields({ projectId, register: reg, watch, errors: fieldErrors }: Props) {
  const { categories } = useClientCategories(projectId);
  const members = useMembers(projectId);
  const rule = watch('manager_rule');
  return (
    <>
      <Select label="Этап новых клиентов" required error={fieldErrors.category_id?.message} {...reg('category_id', { setValueAs: toNumber })}>
        {categories
          .filter((c) => c.outcome === null)
          .map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
      </Select>
      <Select label="Кому достаются клиенты" required error={fieldErrors.manager_rule?.message} {...reg('manager_rule')}>
        {LEAD_MANAGER_RULES.map((value) => (
          <option key={value} value={value}>
            {LEAD_MANAGER_RULE_LABELS[value]}
          </option>
        ))}
      </Select>
      {rule === 'one' && (
        <Select label="Менеджер" required placeholder="Выберите менеджера" error={fieldErrors.manager_id?.message} {...reg('manager_id', { setValueAs: toNumber })}>
          {(members.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </Select>
      )}
    </>
  );
}
