import OpenAI from 'openai';
import type { AppConfig } from '../config.js';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** The AI chat's model: streams the reply to a conversation piece by piece. */
export type LanguageModel = {
  model: string;
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncIterable<string>;
};

/**
 * Any OpenAI-compatible API (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL) through the openai
 * SDK; null when no key is configured, and the AI endpoints then answer 503.
 */
export function createLanguageModel(config: Pick<AppConfig, 'openai'>): LanguageModel | null {
  const { apiKey, baseUrl, model } = config.openai;
  if (!apiKey) return null;
  const client = new OpenAI({ apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}), maxRetries: 1 });
  return {
    model,
    async *stream(messages, signal) {
      const chunks = await client.chat.completions.create({ model, messages, stream: true }, { signal });
      for await (const chunk of chunks) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
