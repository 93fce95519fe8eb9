import { describe, expect, it } from 'vitest';
import { authRedirect } from './auth-redirect';

describe('authRedirect (docs/product.md §2.1)', () => {
  it('sends a visitor without a token to /login from any other path', () => {
    for (const path of ['/', '/clients', '/managers/4', '/create-project', '/verify-email/abc', '/nope']) {
      expect(authRedirect(path, false)).toBe('/login');
    }
  });

  it('lets a visitor without a token open /login, /registration and the recovery pages', () => {
    for (const path of ['/login', '/registration', '/registration/', '/recovery', '/login_data_processing']) {
      expect(authRedirect(path, false)).toBeNull();
    }
  });

  it('sends a signed-in user away from /login only', () => {
    expect(authRedirect('/login', true)).toBe('/');
    expect(authRedirect('/clients', true)).toBeNull();
    expect(authRedirect('/registration', true)).toBeNull();
  });
});
