import { describe, expect, it } from 'vitest';
import type { AiQuestion } from '@crm/contract';
import { groupSetup } from './setup';

const question = (id: number, group_id: number, order: number): AiQuestion => ({
  id,
  question: `Вопрос ${id}`,
  field_type: 'text',
  order,
  options: [],
  prompt: 'p',
  group_id,
  description: null,
  group: { name: 'g' },
});

describe('groupSetup', () => {
  it('lists every group by name, empty ones too, with questions by order and their prompts', () => {
    const groups = [
      { id: 2, name: 'Продажи' },
      { id: 1, name: 'Маркетинг' },
      { id: 3, name: 'Пустая' },
    ];
    const grouped = [
      { id: 2, name: 'Продажи', questions: [question(5, 2, 2), question(4, 2, 1), question(6, 2, 1)] },
      { id: 1, name: 'Маркетинг', questions: [question(7, 1, 1)] },
    ];
    const prompts = [
      { id: 1, name: 'Б', questions: [5], ai_initial_question_group_id: 2 },
      { id: 2, name: 'А', questions: [4], ai_initial_question_group_id: 2 },
    ];
    const setup = groupSetup(groups, grouped, prompts);
    expect(setup.map((g) => g.name)).toEqual(['Маркетинг', 'Продажи', 'Пустая']);
    expect(setup[1]!.questions.map((q) => q.id)).toEqual([4, 6, 5]);
    expect(setup[1]!.prompts.map((p) => p.name)).toEqual(['А', 'Б']);
    expect(setup[2]!.questions).toEqual([]);
  });
});
