import OpenAI, { APIConnectionTimeoutError } from 'openai';
import type { AppConfig } from '../config.js';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/**
 * Why a reply stopped short: `aborted` by the caller's signal (the person stopped it), `timeout`
 * when no piece came within the configured time, `failed` for anything the API or the network did.
 */
export type LanguageModelFailure = 'aborted' | 'timeout' | 'failed';

export class LanguageModelError extends Error {
  constructor(
    readonly kind: LanguageModelFailure,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'LanguageModelError';
  }
}

/** The AI chat's model: streams the reply to a conversation piece by piece. */
export type LanguageModel = {
  model: string;
  /** Yields the reply's pieces; throws only LanguageModelError. */
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncIterable<string>;
};

/**
 * Any OpenAI-compatible API (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL) through the openai
 * SDK; null when no key is configured, and the AI endpoints then answer 503.
 *
 * The timeout (OPENAI_TIMEOUT_MS) is the longest wait for the next piece, the first included:
 * the SDK's own timeout ends once the answer's headers arrive, so a stream that stalls half-way
 * would otherwise hold the request forever; a long reply that keeps coming is never cut.
 */
export function createLanguageModel(config: Pick<AppConfig, 'openai'>): LanguageModel | null {
  const { apiKey, baseUrl, model, timeoutMs } = config.openai;
  if (!apiKey) return null;
  const client = new OpenAI({
    apiKey,
    ...(baseUrl ? { baseURL: baseUrl } : {}),
    maxRetries: 1,
    timeout: timeoutMs,
  });
  return {
    model,
    async *stream(messages, signal) {
      const controller = new AbortController();
      const stop = () => controller.abort();
      if (signal?.aborted) stop();
      signal?.addEventListener('abort', stop);
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
      };
      let finished = false;
      try {
        arm();
        const chunks = await client.chat.completions.create(
          { model, messages, stream: true },
          { signal: controller.signal },
        );
        for await (const chunk of chunks) {
          const text = chunk.choices[0]?.delta?.content;
          if (!text) continue;
          // The caller's time with a piece is not the model's.
          clearTimeout(timer);
          yield text;
          arm();
        }
        // The SDK ends a stream it was told to abort quietly, as if the reply were whole.
        if (controller.signal.aborted) throw controller.signal.reason;
        finished = true;
      } catch (error) {
        if (signal?.aborted) throw new LanguageModelError('aborted', 'stopped by the caller', error);
        if (timedOut || error instanceof APIConnectionTimeoutError) {
          throw new LanguageModelError('timeout', `no answer within ${timeoutMs} ms`, error);
        }
        throw new LanguageModelError('failed', error instanceof Error ? error.message : String(error), error);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        // A caller that stops reading mid-way: the request to the API ends too.
        if (!finished) controller.abort();
      }
    },
  };
}
