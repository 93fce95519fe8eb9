import { AI_STREAM_CONTENT_TYPE, aiEndpoints } from '@crm/contract';
import { callApiStream } from '@/lib/api-client';
import { readStreamLines } from '@/features/ai/lib/ndjson';

/**
 * POST …/ai-chats/{id}/messages {content}: the reply's lines as they arrive (see
 * aiStreamLineSchema). Refusals found before the model starts throw their ApiError; aborting
 * `signal` stops the reply (the server keeps what came as `stopped`).
 */
export const sendAiMessage = async (
  projectId: number,
  chatId: number,
  content: string,
  signal: AbortSignal,
) => {
  const body = await callApiStream(
    aiEndpoints.sendMessage,
    { params: { projectId, id: chatId }, body: { content }, signal },
    AI_STREAM_CONTENT_TYPE,
  );
  return readStreamLines(body);
};
