import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps paths inside the app', () => {
    expect(safeReturnPath('/verify-email/abc')).toBe('/verify-email/abc');
    expect(safeReturnPath('/clients?page=2')).toBe('/clients?page=2');
  });

  it('keeps an invitation link: signed in, it offers to accept', () => {
    expect(safeReturnPath('/registration?invitation=abc')).toBe('/registration?invitation=abc');
    expect(safeReturnPath('/registration')).toBeNull();
    expect(safeReturnPath('/registration?next=1')).toBeNull();
  });

  it('refuses other hosts, junk and the sign-in pages', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '',
      42,
      null,
      '/login',
      '/login/',
      '/recovery?token=1',
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
