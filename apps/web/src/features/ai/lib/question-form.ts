import type { AiFieldType, AiQuestion } from '@crm/contract';

export const FIELD_TYPE_LABELS: Record<AiFieldType, string> = {
  text: 'Строка',
  select: 'Выбор из списка',
  textarea: 'Многострочный текст',
};

/** The question modal's fields: the API's body, with the options as their texts and '' for no description. */
export type QuestionValues = {
  field_type: AiFieldType;
  question: string;
  prompt: string;
  options: string[];
  description: string;
  order: number;
  group_id: number;
};

export const valuesOf = (
  question: AiQuestion | undefined,
  groupId: number,
  nextOrder: number,
): QuestionValues => ({
  field_type: question?.field_type ?? 'text',
  question: question?.question ?? '',
  prompt: question?.prompt ?? '',
  options: question?.options.map((o) => o.value) ?? [],
  description: question?.description ?? '',
  order: question?.order ?? nextOrder,
  group_id: groupId,
});

/** Spec §5: save is disabled while the question or the prompt is blank, or a select has no options. */
export const questionReady = (
  values: Pick<QuestionValues, 'field_type' | 'question' | 'prompt' | 'options'>,
) =>
  values.question.trim() !== '' &&
  values.prompt.trim() !== '' &&
  (values.field_type !== 'select' || values.options.length > 0);

/** Only a select keeps its options: the others' are neither sent nor checked. */
export const asSent = <V extends Pick<QuestionValues, 'field_type' | 'options'>>(values: V): V => ({
  ...values,
  options: values.field_type === 'select' ? values.options : [],
});

/**
 * The body, from the values as the contract read them: an option the question had goes back
 * with its id, so it keeps it; an empty description is null.
 */
export const bodyOf = <V extends { options: { value: string }[]; description?: string | null }>(
  values: V,
  question?: AiQuestion,
) => ({
  ...values,
  options: values.options.map(({ value }) => question?.options.find((o) => o.value === value) ?? value),
  description: values.description || null,
});

const sameText = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('ru-RU') === b.trim().toLocaleLowerCase('ru-RU');

/** Spec §5: an empty option is not added, nor one already in the list (whatever its case). */
export const addOption = (options: string[], text: string): string[] | null => {
  const value = text.trim();
  if (value === '' || options.some((o) => sameText(o, value))) return null;
  return [...options, value];
};

/** A new question goes after the group's last one. */
export const nextOrderOf = (questions: { order: number }[]): number =>
  Math.min(1000, questions.reduce((max, q) => Math.max(max, q.order), 0) + 1);
