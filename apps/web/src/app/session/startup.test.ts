import { describe, expect, it } from 'vitest';
import { resolveProjectId, startupRedirect } from './startup';

const projects = [{ id: 3 }, { id: 5 }];

describe('resolveProjectId (spec §4)', () => {
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

describe('startupRedirect (spec §4)', () => {
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
