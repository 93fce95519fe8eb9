import { describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_GATE,
  resolveProjectId,
  shouldResendAtStartup,
  startupRedirect,
  verificationRedirect,
} from './startup';

const projects = [{ id: 3 }, { id: 5 }];

describe('resolveProjectId (docs/product.md §2.1)', () => {
  it('keeps the remembered project while the user still belongs to it', () => {
    expect(resolveProjectId(5, projects)).toBe(5);
  });

  it('falls back to the first project', () => {
    expect(resolveProjectId(null, projects)).toBe(3);
    expect(resolveProjectId(99, projects)).toBe(3);
  });

  it('has nothing to choose without projects', () => {
    expect(resolveProjectId(5, [])).toBeNull();
  });
});

describe('startupRedirect (docs/product.md §2.1)', () => {
  const verified = { email_verified: true };

  it('waits while the user or the projects are loading', () => {
    expect(startupRedirect(null, projects)).toBeNull();
    expect(startupRedirect(verified, null)).toBeNull();
  });

  it('sends a user without projects to /create-project', () => {
    expect(startupRedirect(verified, [])).toBe('/create-project');
  });

  it('stays in the layout with a project', () => {
    expect(startupRedirect(verified, projects)).toBeNull();
  });

  it('sends an unverified user to /verify-email once the gate is on', () => {
    expect(startupRedirect({ email_verified: false }, projects, true)).toBe('/verify-email');
    expect(startupRedirect({ email_verified: false }, projects, false)).toBeNull();
  });
});

describe('email verification at start-up (docs/product.md §2.1)', () => {
  const unverified = { id: 7, email_verified: false };
  const verified = { id: 7, email_verified: true };

  it('is on', () => {
    expect(EMAIL_VERIFICATION_GATE).toBe(true);
    expect(startupRedirect(unverified, [])).toBe('/verify-email');
  });

  it('holds an unverified user on the verification pages', () => {
    for (const path of ['/', '/clients', '/create-project']) {
      expect(verificationRedirect(unverified, path)).toBe('/verify-email');
    }
    expect(verificationRedirect(unverified, '/verify-email')).toBeNull();
    expect(verificationRedirect(unverified, '/verify-email/abc')).toBeNull();
    expect(verificationRedirect(verified, '/create-project')).toBeNull();
    expect(verificationRedirect(null, '/')).toBeNull();
  });

  it('resends once per user and page load, not while a link is being opened', () => {
    expect(shouldResendAtStartup(unverified, '/', new Set())).toBe(true);
    expect(shouldResendAtStartup(unverified, '/verify-email', new Set())).toBe(true);
    expect(shouldResendAtStartup(unverified, '/', new Set([7]))).toBe(false);
    expect(shouldResendAtStartup(unverified, '/verify-email/abc', new Set())).toBe(false);
    expect(shouldResendAtStartup(verified, '/', new Set())).toBe(false);
    expect(shouldResendAtStartup(undefined, '/', new Set())).toBe(false);
  });

  it('does not resend while the cooldown of an email just sent runs (the server would answer 429)', () => {
    expect(shouldResendAtStartup(unverified, '/verify-email', new Set(), true)).toBe(false);
    expect(shouldResendAtStartup(unverified, '/verify-email', new Set(), false)).toBe(true);
  });
});
