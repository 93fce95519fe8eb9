import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps paths inside the app', () => {
    expect(safeReturnPath('/verify-email/abc')).toBe('/verify-email/abc');
    expect(safeReturnPath('/clients?page=2')).toBe('/clients?page=2');
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
