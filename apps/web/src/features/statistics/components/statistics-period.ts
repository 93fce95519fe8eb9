import { isDate } from '@crm/contract';
import dayjs from 'dayjs';
import { API_DATE_FORMAT } from '@/lib/dates';

/**
 * The page's period: a preset counted from today (the project's day) or the person's own days.
 * Presets cover whole calendar units (Monday to Sunday, the 1st to the last day), so a month
 * reads the same on the 3rd and the 30th. Days are 'YYYY-MM-DD'; dayjs only steps over them.
 */
export const PERIOD_PRESETS = ['today', 'week', 'month', 'quarter', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Сегодня',
  week: 'Эта неделя',
  month: 'Этот месяц',
  quarter: 'Этот квартал',
  custom: 'Свой период',
};

export const DEFAULT_PRESET: Exclude<PeriodPreset, 'custom'> = 'month';

export type DayRange = { from: string; to: string };

const fmt = (d: dayjs.Dayjs) => d.format(API_DATE_FORMAT);

/** The days a preset covers on `today`; `custom` has none of its own. */
export const presetRange = (preset: Exclude<PeriodPreset, 'custom'>, today: string): DayRange => {
  const day = dayjs(today);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const monday = day.subtract((day.day() + 6) % 7, 'day'); // day(): Sunday 0 … Saturday 6
      return { from: fmt(monday), to: fmt(monday.add(6, 'day')) };
    }
    case 'month':
      return { from: fmt(day.startOf('month')), to: fmt(day.endOf('month')) };
    case 'quarter': {
      const first = day.month(Math.floor(day.month() / 3) * 3).startOf('month');
      return { from: fmt(first), to: fmt(first.add(2, 'month').endOf('month')) };
    }
  }
};

export const isPreset = (value: string | null): value is PeriodPreset =>
  value !== null && (PERIOD_PRESETS as readonly string[]).includes(value);

/** A custom period as typed: either day may still be empty. */
export type PeriodState =
  { preset: Exclude<PeriodPreset, 'custom'> } | { preset: 'custom'; from: string; to: string };

/** `?period=week` or `?period=custom&from=…&to=…`; anything else is the default preset. */
export const readPeriod = (params: URLSearchParams): PeriodState => {
  const preset = params.get('period');
  if (preset === 'custom') {
    const day = (key: string) => {
      const raw = params.get(key) ?? '';
      return isDate(raw) ? raw : '';
    };
    return { preset, from: day('from'), to: day('to') };
  }
  return { preset: isPreset(preset) && preset !== 'custom' ? preset : DEFAULT_PRESET };
};

/** The days to ask for, or null while a custom period lacks a day. */
export const periodRange = (period: PeriodState, today: string): DayRange | null => {
  if (period.preset !== 'custom') return presetRange(period.preset, today);
  return period.from && period.to ? { from: period.from, to: period.to } : null;
};

/** Writes the period into the address, dropping what the preset does not use. */
export const writePeriod = (params: URLSearchParams, period: PeriodState): void => {
  params.set('period', period.preset);
  if (period.preset === 'custom') {
    for (const key of ['from', 'to'] as const) {
      if (period[key]) params.set(key, period[key]);
      else params.delete(key);
    }
  } else {
    params.delete('from');
    params.delete('to');
  }
};
