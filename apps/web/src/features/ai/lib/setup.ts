import type { AiGroup, AiPrompt, AiQuestion, AiQuestionsByGroup } from '@crm/contract';

export type GroupSetup = AiGroup & { questions: AiQuestion[]; prompts: AiPrompt[] };

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ru');
const byOrder = (a: AiQuestion, b: AiQuestion) => a.order - b.order || a.id - b.id;

/**
 * Every group with its questions (by `order`) and its prompts, groups by name. The groups list
 * names the empty ones too; the grouped questions answer may come before or after it.
 */
export const groupSetup = (
  groups: AiGroup[] | undefined,
  grouped: AiQuestionsByGroup | undefined,
  prompts: AiPrompt[] | undefined,
): GroupSetup[] => {
  const all = new Map<number, AiGroup>();
  for (const group of grouped ?? []) all.set(group.id, { id: group.id, name: group.name });
  for (const group of groups ?? []) all.set(group.id, group);
  return [...all.values()].sort(byName).map((group) => ({
    ...group,
    questions: [...(grouped?.find((g) => g.id === group.id)?.questions ?? [])].sort(byOrder),
    prompts: (prompts ?? []).filter((p) => p.ai_initial_question_group_id === group.id).sort(byName),
  }));
};
