import { describe, expect, it } from 'vitest';
import { ApiError, errorToastMessage, firstFieldErrors, UNEXPECTED_ERROR } from './api-error';

const FALLBACK = 'Login failed. Please try again.';

describe('errorToastMessage (docs/product.md §5.4)', () => {
  it("shows the server's message for an HTTP error that is not 500", () => {
    expect(errorToastMessage(new ApiError(422, 'Неверная почта или пароль'), FALLBACK)).toBe(
      'Неверная почта или пароль',
    );
    expect(errorToastMessage(new ApiError(403, 'Недостаточно прав'), FALLBACK)).toBe('Недостаточно прав');
    expect(errorToastMessage(new ApiError(503, 'Вход через Google не настроен'), FALLBACK)).toBe(
      'Вход через Google не настроен',
    );
  });

  it("falls back to the action's text when the HTTP error has no message", () => {
    expect(errorToastMessage(new ApiError(404, ''), FALLBACK)).toBe(FALLBACK);
    expect(errorToastMessage(new ApiError(502, '   '), FALLBACK)).toBe(FALLBACK);
  });

  it('hides a 500 behind the generic text, even with a message', () => {
    expect(errorToastMessage(new ApiError(500, 'Server Error'), FALLBACK)).toBe(UNEXPECTED_ERROR);
  });

  it('uses the generic text for errors that are not HTTP errors', () => {
    expect(errorToastMessage(new TypeError('Failed to fetch'), FALLBACK)).toBe(UNEXPECTED_ERROR);
    expect(errorToastMessage('boom', FALLBACK)).toBe(UNEXPECTED_ERROR);
    expect(UNEXPECTED_ERROR).toBe('An unexpected error occurred');
  });
});

describe('firstFieldErrors', () => {
  it('keeps the first non-empty message of each field', () => {
    expect(firstFieldErrors({ email: ['Первое', 'Второе'], name: ['', 'Имя'], password: [] })).toEqual([
      ['email', 'Первое'],
      ['name', 'Имя'],
    ]);
  });
});
