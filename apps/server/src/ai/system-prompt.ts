/** One initial question's part of the system prompt: its prompt text and the person's answer. */
export type PromptPart = { prompt: string; answer: string };

/**
 * The system prompt of an AI chat (docs/product.md §8.2): each question's prompt text followed by
 * the answer, in the prompt's question order, one paragraph each. A text that ends with a colon
 * or a dash keeps the answer on its line ("Клиент: Анна"); otherwise the answer starts a new
 * line, so a long textarea answer reads as a block of its own.
 */
export function buildSystemPrompt(parts: readonly PromptPart[]): string {
  return parts
    .map(({ prompt, answer }) => {
      const text = prompt.trim();
      const value = answer.trim();
      return /[:—–-]$/.test(text) && !value.includes('\n') ? `${text} ${value}` : `${text}\n${value}`;
    })
    .join('\n\n');
}
