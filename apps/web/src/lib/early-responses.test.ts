import { describe, expect, it } from 'vitest';
import { EARLY_WINDOW_MS, takeEarlyResponse, type EarlyResponses } from './early-responses';

const started = (at = 1_000): EarlyResponses => ({
  token: '1|secret',
  at,
  responses: { '/api/v1/user': Promise.resolve(new Response('{}')) },
});

describe('takeEarlyResponse', () => {
  it('hands over an early answer once', () => {
    const early = started();
    expect(takeEarlyResponse(early, '/api/v1/user', '1|secret', 1_500)).toBeInstanceOf(Promise);
    expect(takeEarlyResponse(early, '/api/v1/user', '1|secret', 1_500)).toBeUndefined();
  });

  it('gives nothing for another address, another token, or once the window has passed', () => {
    expect(takeEarlyResponse(started(), '/api/v1/user/projects', '1|secret', 1_500)).toBeUndefined();
    expect(takeEarlyResponse(started(), '/api/v1/user', '2|other', 1_500)).toBeUndefined();
    expect(takeEarlyResponse(started(), '/api/v1/user', null, 1_500)).toBeUndefined();
    expect(
      takeEarlyResponse(started(), '/api/v1/user', '1|secret', 1_000 + EARLY_WINDOW_MS + 1),
    ).toBeUndefined();
    expect(takeEarlyResponse(undefined, '/api/v1/user', '1|secret')).toBeUndefined();
  });
});
