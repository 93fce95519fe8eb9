import { describe, expect, it } from 'vitest';
import {
  createAppStorage,
  parseCollapse,
  parseProjectId,
  parseTimestamp,
  pickToken,
  serializeCollapse,
  STORAGE_KEYS,
  type StorageLike,
} from './storage';

const memory = (): StorageLike & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

describe('collapse flag (docs/product.md §2.3: text true/false)', () => {
  it('reads only the exact text "true" as collapsed', () => {
    expect(parseCollapse('true')).toBe(true);
    expect(parseCollapse('false')).toBe(false);
    expect(parseCollapse(null)).toBe(false);
    expect(parseCollapse('1')).toBe(false);
  });

  it('writes the texts "true" and "false" under the key collapse', () => {
    const local = memory();
    const storage = createAppStorage(local, memory());
    storage.setCollapsed(true);
    expect(local.data.get('collapse')).toBe('true');
    expect(storage.getCollapsed()).toBe(true);
    storage.setCollapsed(false);
    expect(local.data.get('collapse')).toBe('false');
    expect(serializeCollapse(false)).toBe('false');
  });
});

describe('project id', () => {
  it('accepts positive integers only', () => {
    expect(parseProjectId('12')).toBe(12);
    expect(parseProjectId(null)).toBeNull();
    expect(parseProjectId('0')).toBeNull();
    expect(parseProjectId('-3')).toBeNull();
    expect(parseProjectId('abc')).toBeNull();
    expect(parseProjectId('1.5')).toBeNull();
  });

  it('round-trips through project_id', () => {
    const local = memory();
    const storage = createAppStorage(local, memory());
    storage.setProjectId(7);
    expect(local.data.get(STORAGE_KEYS.projectId)).toBe('7');
    expect(storage.getProjectId()).toBe(7);
  });
});

describe('token choice (docs/product.md §5.4)', () => {
  it('prefers the session access_token, then the stored token', () => {
    expect(pickToken('2|manager', '1|admin')).toBe('2|manager');
    expect(pickToken(null, '1|admin')).toBe('1|admin');
    expect(pickToken('', '1|admin')).toBe('1|admin');
    expect(pickToken(null, null)).toBeNull();
  });

  it('reads access_token from session storage and token from local storage', () => {
    const local = memory();
    const session = memory();
    const storage = createAppStorage(local, session);
    expect(storage.hasToken()).toBe(false);
    storage.setLoginToken('1|admin');
    expect(local.data.get('token')).toBe('1|admin');
    expect(storage.getToken()).toBe('1|admin');
    storage.setAccessToken('2|manager');
    expect(session.data.get('access_token')).toBe('2|manager');
    expect(storage.getToken()).toBe('2|manager');
    expect(storage.isImpersonating()).toBe(true);
    storage.removeAccessToken();
    expect(storage.getToken()).toBe('1|admin');
    storage.removeLoginToken();
    expect(storage.hasToken()).toBe(false);
  });
});

describe('lastSentTime (docs/product.md §6.4 resend cooldown)', () => {
  it('round-trips milliseconds and ignores garbage', () => {
    const local = memory();
    const storage = createAppStorage(local, memory());
    expect(storage.getLastSentTime()).toBeNull();
    storage.setLastSentTime(1_767_225_600_000);
    expect(local.data.get('lastSentTime')).toBe('1767225600000');
    expect(storage.getLastSentTime()).toBe(1_767_225_600_000);
    expect(parseTimestamp('yesterday')).toBeNull();
    storage.removeLastSentTime();
    expect(storage.getLastSentTime()).toBeNull();
  });
});
