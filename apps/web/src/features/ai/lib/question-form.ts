import type { AiFieldType, AiQuestion, AiQuestionBody } from '@crm/contract';

export const FIELD_TYPE_LABELS: Record<AiFieldType, string> = {
  text: 'Строка',
  select: 'Выбор из списка',
  textarea: 'Многострочный текст',
};

export type QuestionDraft = {
  field_type: AiFieldType;
  question: string;
  prompt: string;
  options: string[];
  description: string;
  /** Digits as typed; empty means 'after the others'. */
  order: string;
};

export const draftOf = (question: AiQuestion | undefined, nextOrder: number): QuestionDraft => ({
  field_type: question?.field_type ?? 'text',
  question: question?.question ?? '',
  prompt: question?.prompt ?? '',
  options: question?.options.map((o) => o.value) ?? [],
  description: question?.description ?? '',
  order: String(question?.order ?? nextOrder),
});

/** Spec §5: save is disabled while the question or the prompt is blank, or a select has no options. */
export const questionReady = (draft: QuestionDraft): boolean =>
  draft.question.trim() !== '' &&
  draft.prompt.trim() !== '' &&
  (draft.field_type !== 'select' || draft.options.length > 0);

/**
 * Only a select keeps its options; an option the question had goes back with its id, so it keeps
 * it; an empty description is sent as null.
 */
export const bodyOf = (
  draft: QuestionDraft,
  groupId: number,
  nextOrder: number,
  question?: AiQuestion,
): AiQuestionBody => ({
  field_type: draft.field_type,
  question: draft.question.trim(),
  prompt: draft.prompt.trim(),
  options:
    draft.field_type === 'select'
      ? draft.options.map((value) => question?.options.find((o) => o.value === value) ?? value)
      : [],
  description: draft.description.trim() === '' ? null : draft.description.trim(),
  order: draft.order === '' ? nextOrder : Number(draft.order),
  group_id: groupId,
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
