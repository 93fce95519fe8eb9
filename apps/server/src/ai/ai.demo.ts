import type { AiFieldType } from '@crm/contract';
import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import {
  insertGroup,
  insertPrompt,
  insertQuestion,
  saveOptions,
  replacePromptQuestions,
} from './ai-questions.repository.js';

const questions: {
  question: string;
  field_type: AiFieldType;
  prompt: string;
  description: string | null;
  options?: string[];
}[] = [
  {
    question: 'Как зовут клиента и чем занимается его компания?',
    field_type: 'text',
    prompt:
      'Ты — опытный помощник менеджера по продажам. Отвечай по-русски, коротко и по делу. Клиент и его компания:',
    description: 'Например: Анна Петрова, сеть кофеен «Зерно»',
  },
  {
    question: 'На каком этапе сделка?',
    field_type: 'select',
    prompt: 'Этап сделки:',
    description: null,
    options: ['Первый контакт', 'Презентация', 'Клиент думает', 'Согласование договора'],
  },
  {
    question: 'Что беспокоит клиента?',
    field_type: 'textarea',
    prompt: 'Сомнения и возражения клиента (помоги на них ответить и предложи следующий шаг):',
    description: 'Возражения, вопросы, о чём клиент говорил в прошлый раз',
  },
];

/** One group 'Продажи' with three questions (a line, a choice, a text) and a prompt made of them. */
export async function seedAiDemo(deps: AppDeps, demo: DemoContext) {
  const { db } = deps;
  const at = deps.clock.now().toISOString();
  const stamps = { project_id: demo.projectId, created_at: at, updated_at: at };
  const group = await insertGroup(db, { ...stamps, name: 'Продажи' });
  const ids: number[] = [];
  for (const [i, q] of questions.entries()) {
    const { id } = await insertQuestion(db, {
      ...stamps,
      group_id: group.id,
      question: q.question,
      field_type: q.field_type,
      position: i + 1,
      prompt: q.prompt,
      description: q.description,
    });
    await saveOptions(
      db,
      id,
      (q.options ?? []).map((value) => ({ value })),
    );
    ids.push(id);
  }
  const prompt = await insertPrompt(db, {
    ...stamps,
    group_id: group.id,
    name: 'Подготовка к разговору с клиентом',
  });
  await replacePromptQuestions(db, prompt.id, ids);
}
