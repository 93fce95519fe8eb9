import { describe, expect, it } from 'vitest';
import {
  cooldownRemaining,
  formatCountdown,
  lastSentFromRefusal,
  msUntilNextTick,
  RESEND_COOLDOWN_MS,
} from './resend-cooldown';

const t0 = 1_767_225_600_000;

describe('resend cooldown (docs/product.md §6.4: 2 minutes, shown mm:ss)', () => {
  it('counts whole seconds down from lastSentTime', () => {
    expect(RESEND_COOLDOWN_MS).toBe(120_000);
    expect(cooldownRemaining(t0, t0)).toBe(120);
    expect(cooldownRemaining(t0, t0 + 500)).toBe(120);
    expect(cooldownRemaining(t0, t0 + 1000)).toBe(119);
    expect(cooldownRemaining(t0, t0 + 119_001)).toBe(1);
    expect(cooldownRemaining(t0, t0 + 120_000)).toBe(0);
    expect(cooldownRemaining(t0, t0 + 3_600_000)).toBe(0);
  });

  it('has no cooldown without a send, and never more than 2 minutes', () => {
    expect(cooldownRemaining(null, t0)).toBe(0);
    expect(cooldownRemaining(t0 + 600_000, t0)).toBe(120);
  });

  it('formats mm:ss', () => {
    expect(formatCountdown(120)).toBe('02:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('ticks when the shown second changes', () => {
    expect(msUntilNextTick(t0, t0 + 250)).toBe(750);
    expect(msUntilNextTick(t0, t0)).toBe(1000);
    expect(msUntilNextTick(t0, t0 + 120_000)).toBeNull();
    expect(msUntilNextTick(null, t0)).toBeNull();
  });

  it('derives the send time from a 429 and keeps a stored time that agrees', () => {
    const now = t0 + 30_000;
    expect(lastSentFromRefusal(90, null, now)).toBe(t0);
    expect(lastSentFromRefusal(90, t0 - 800, now)).toBe(t0 - 800);
    expect(lastSentFromRefusal(90, t0 - 60_000, now)).toBe(t0);
    expect(lastSentFromRefusal(500, null, now)).toBe(now);
  });
});
