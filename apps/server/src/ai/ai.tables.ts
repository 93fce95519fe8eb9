import type { Generated } from 'kysely';
import type { AiFieldType } from '@crm/contract';

export interface AiQuestionGroupsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** An initial question; `position` is the product's `order` (a reserved word in SQL). */
export interface AiQuestionsTable {
  id: Generated<number>;
  project_id: number;
  group_id: number;
  question: string;
  field_type: AiFieldType;
  position: number;
  /** What the system prompt says before the answer. */
  prompt: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** A select question's choices, in the order they were given. */
export interface AiQuestionOptionsTable {
  id: Generated<number>;
  question_id: number;
  value: string;
  position: number;
}

export interface AiPromptsTable {
  id: Generated<number>;
  project_id: number;
  group_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** A prompt's questions in the order they were added. */
export interface AiPromptQuestionsTable {
  prompt_id: number;
  question_id: number;
  position: number;
}

/** One person's chat in a project, with what it was started from kept as it was then. */
export interface AiChatsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  prompt_id: number | null;
  title: string;
  system_prompt: string;
  created_at: string;
  updated_at: string;
}

export interface AiChatAnswersTable {
  id: Generated<number>;
  chat_id: number;
  /** Null once the question is deleted; its text stays. */
  question_id: number | null;
  question: string;
  answer: string;
  position: number;
}

export interface AiChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  role: 'user' | 'assistant';
  content: string;
  status: 'complete' | 'stopped' | 'failed';
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    ai_question_groups: AiQuestionGroupsTable;
    ai_questions: AiQuestionsTable;
    ai_question_options: AiQuestionOptionsTable;
    ai_prompts: AiPromptsTable;
    ai_prompt_questions: AiPromptQuestionsTable;
    ai_chats: AiChatsTable;
    ai_chat_answers: AiChatAnswersTable;
    ai_chat_messages: AiChatMessagesTable;
  }
}
