import { describe, expect, it } from 'vitest';
import { AI_MODEL_TIMEOUT, AI_NOT_CONFIGURED } from '@crm/contract';
import { ApiError } from '@/lib/api-error';
import { CONNECTION_LOST, SEND_FAILED, sendErrorOf } from './chat-errors';

describe('sendErrorOf', () => {
  it('says the chat is not configured on a 503, and asks for the banner', () => {
    expect(sendErrorOf(new ApiError(503, AI_NOT_CONFIGURED))).toEqual({
      text: AI_NOT_CONFIGURED,
      notConfigured: true,
    });
  });

  it("shows the model's refusal or timeout, a 422's field message, and no server internals", () => {
    expect(sendErrorOf(new ApiError(504, AI_MODEL_TIMEOUT))?.text).toBe(AI_MODEL_TIMEOUT);
    expect(sendErrorOf(new ApiError(422, 'Ошибка', { content: ['Не более 8000 символов'] }))?.text).toBe(
      'Не более 8000 символов',
    );
    expect(sendErrorOf(new ApiError(500, 'Server Error'))?.text).toBe(SEND_FAILED);
  });

  it('says the connection broke for a network error, and nothing for a 401', () => {
    expect(sendErrorOf(new TypeError('Failed to fetch'))?.text).toBe(CONNECTION_LOST);
    expect(sendErrorOf(new ApiError(401, ''))).toBeNull();
  });
});
