import { zonedParts } from '@crm/contract';
import type { HistoryEntry } from '@crm/contract';

/** One entry with its moment on the project's wall clock. */
export type DatedEntry = { entry: HistoryEntry; date: string; stamp: string };

/** The entries of one of the project's days, newest first as they came. */
export type HistoryDay = { date: string; entries: DatedEntry[] };

/** 'DD.MM.YYYY HH:mm' (docs/product.md §10.4) of a moment, in the project's zone. */
export const historyStamp = (moment: string, zone: string) => {
  const { date, time } = zonedParts(moment, zone);
  const [y, m, d] = date.split('-');
  return { date, stamp: `${d}.${m}.${y} ${time}` };
};

/**
 * Each entry's stamp, worked out once: reading a zone's clock is slow (Intl), and every loaded
 * page regroups all the entries loaded before it.
 */
const stamps = new WeakMap<HistoryEntry, { zone: string; date: string; stamp: string }>();

const stampOf = (entry: HistoryEntry, zone: string) => {
  const known = stamps.get(entry);
  if (known && known.zone === zone) return known;
  const fresh = { zone, ...historyStamp(entry.created_at, zone) };
  stamps.set(entry, fresh);
  return fresh;
};

/**
 * Entries under their days (the project's days, not the browser's). The answer is newest first,
 * so a day's entries are next to each other; an id seen twice (pages refetched while new
 * entries arrived) is shown once.
 */
export const groupByDay = (entries: readonly HistoryEntry[], zone: string): HistoryDay[] => {
  const days: HistoryDay[] = [];
  const seen = new Set<number>();
  for (const entry of entries) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    const { date, stamp } = stampOf(entry, zone);
    const last = days.at(-1);
    if (last && last.date === date) last.entries.push({ entry, date, stamp });
    else days.push({ date, entries: [{ entry, date, stamp }] });
  }
  return days;
};
