import { LEAD_MANAGER_RULE_LABELS, LEAD_MANAGER_RULES, type LeadManagerRule } from '@crm/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Select } from '@/ui/select';
import { Skeleton } from '@/ui/skeleton';
import { useMembers } from '../api/members-query';

type Props = {
  projectId: number;
  /** The rule chosen now: one manager shows his select. */
  rule: LeadManagerRule;
  ruleField: UseFormRegisterReturn<'manager_rule'>;
  managerField: UseFormRegisterReturn<'manager_id'>;
  errors: { manager_rule?: string | undefined; manager_id?: string | undefined };
};

/**
 * Who gets the clients a channel brings (a lead form, the Telegram bot): one manager, or the
 * managers by turns. The manager's select is drawn once the members are known, so it starts on
 * the form's value.
 */
export function ManagerRuleFields({ projectId, rule, ruleField, managerField, errors }: Props) {
  const members = useMembers(projectId);
  return (
    <>
      <Select label="Кому достаются клиенты" required error={errors.manager_rule} {...ruleField}>
        {LEAD_MANAGER_RULES.map((value) => (
          <option key={value} value={value}>
            {LEAD_MANAGER_RULE_LABELS[value]}
          </option>
        ))}
      </Select>
      {rule === 'one' &&
        (members.isPending ? (
          <Skeleton height={64} />
        ) : (
          <Select label="Менеджер" required placeholder="Выберите менеджера" error={errors.manager_id} {...managerField}>
            {(members.data ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </Select>
        ))}
    </>
  );
}
