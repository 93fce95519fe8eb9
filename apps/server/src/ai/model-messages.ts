import type { ChatMessage } from '../llm/language-model.js';

/**
 * How much of the conversation goes to the model with a new message, in characters (about
 * 15 000 tokens): a long chat would otherwise outgrow the model's context and fail at once.
 */
export const HISTORY_CHARS = 60_000;

/**
 * What the model is sent: the chat's system prompt (when it has one), the latest messages that
 * fit in `budget` characters, oldest first, then the new message. A reply cut short is still
 * what the model said and goes too; an empty one says nothing and is left out.
 */
export function buildModelMessages(
  systemPrompt: string,
  history: readonly Pick<ChatMessage, 'role' | 'content'>[],
  content: string,
  budget = HISTORY_CHARS,
): ChatMessage[] {
  const recent: ChatMessage[] = [];
  let left = budget;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i]!;
    if (message.content === '') continue;
    left -= message.content.length;
    if (left < 0) break;
    recent.unshift({ role: message.role, content: message.content });
  }
  return [
    ...(systemPrompt ? [{ role: 'system' as const, content: systemPrompt }] : []),
    ...recent,
    { role: 'user', content },
  ];
}
