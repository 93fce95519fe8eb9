import { describe, expect, it } from 'vitest';
import { authHeaders, buildUrl, readEnvelope } from './api-client';
import { ApiError } from './api-error';

describe('authHeaders', () => {
  it('sends the token as a Bearer header, and nothing without one', () => {
    expect(authHeaders('1|secret')).toEqual({ Authorization: 'Bearer 1|secret' });
    expect(authHeaders(null)).toEqual({});
  });
});

describe('buildUrl', () => {
  it('prefixes /api/v1 and omits empty query values', () => {
    expect(buildUrl('/user')).toBe('/api/v1/user');
    expect(buildUrl('/clients/search', { search: 'Анна', traffic: undefined, page: 2, category_id: null })).toBe(
      '/api/v1/clients/search?search=%D0%90%D0%BD%D0%BD%D0%B0&page=2',
    );
  });
});

describe('readEnvelope', () => {
  it('returns data.response of a success', () => {
    expect(readEnvelope(200, { success: true, response: { id: 1 } })).toEqual({ id: 1 });
    expect(readEnvelope(201, { success: true, response: { token: 't' } })).toEqual({ token: 't' });
  });

  it('throws an ApiError with the status, message and field errors', () => {
    const body = { success: false, message: 'Ошибка проверки', errors: { email: ['Неверная почта'] } };
    try {
      readEnvelope(422, body);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 422, message: 'Ошибка проверки', errors: { email: ['Неверная почта'] } });
    }
  });

  it('treats a body without the envelope as an error', () => {
    expect(() => readEnvelope(502, null)).toThrow(ApiError);
    expect(() => readEnvelope(200, { id: 1 })).toThrow(ApiError);
  });
});
