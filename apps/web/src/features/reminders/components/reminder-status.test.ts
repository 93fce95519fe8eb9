import { describe, expect, it } from 'vitest';
import { reminderAllows } from './reminder-details';
import { reminderStatusLook } from './reminder-status';

describe('reminder status looks', () => {
  it('gives each status its label and colour', () => {
    expect(reminderStatusLook('pending')).toEqual({ label: 'Активно', tone: 'info', struck: false });
    expect(reminderStatusLook('expired')).toEqual({ label: 'Просрочено', tone: 'danger', struck: false });
    expect(reminderStatusLook('completed')).toEqual({ label: 'Выполнено', tone: 'success', struck: false });
    expect(reminderStatusLook('skipped')).toEqual({ label: 'Пропущено', tone: 'muted', struck: false });
    expect(reminderStatusLook('canceled')).toEqual({ label: 'Отменено', tone: 'muted', struck: true });
  });

  it('shows an unknown status muted, as it is', () => {
    expect(reminderStatusLook('archived')).toEqual({ label: 'archived', tone: 'muted', struck: false });
  });
});

describe('what a status allows', () => {
  it('follows the lifecycle', () => {
    expect(reminderAllows('pending')).toEqual({
      reschedule: true,
      cancel: true,
      complete: true,
      remindBefore: true,
      tick: true,
    });
    expect(reminderAllows('expired')).toEqual({
      reschedule: true,
      cancel: false,
      complete: false,
      remindBefore: false,
      tick: true,
    });
    for (const status of ['completed', 'canceled', 'skipped', 'unknown']) {
      expect(Object.values(reminderAllows(status)).some(Boolean)).toBe(false);
    }
  });
});
