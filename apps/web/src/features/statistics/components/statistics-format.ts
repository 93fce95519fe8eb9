import { formerMemberName } from '@/features/team';
import { RU_MONTHS } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';
import { formatShortDay } from '@/lib/zoned-time';

/** Figures as the page writes them: thousands with thin spaces, a dash where there is none. */
export const NONE = '—';

const NBSP = '\u00a0';

/** A share 0–1 (or more) as '45 %'; null is '—'. */
export const formatPercent = (share: number | null): string =>
  share === null ? NONE : `${formatNumber(Math.round(share * 100))}${NBSP}%`;

/**
 * Seconds as people read a stay: 'меньше минуты', '25 мин', '3 ч 20 мин', '2 дн 4 ч' (rounded
 * to the minute, the smaller unit left out when it is zero); null is '—'.
 */
export const formatDuration = (seconds: number | null): string => {
  if (seconds === null) return NONE;
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'меньше минуты';
  if (minutes < 60) return `${minutes}${NBSP}мин`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours}${NBSP}ч` : `${hours}${NBSP}ч ${rest}${NBSP}мин`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${formatNumber(days)}${NBSP}дн` : `${formatNumber(days)}${NBSP}дн ${rest}${NBSP}ч`;
};

/** A new-clients bucket: a day 'пн, 22.11' or a month 'ноябрь 2026'. */
export const formatBucket = (bucket: string): string => {
  if (bucket.length === 7) {
    const [year, month] = bucket.split('-');
    return `${RU_MONTHS[Number(month) - 1] ?? month} ${year}`;
  }
  return formatShortDay(bucket);
};

/** A goal's progress: done of goal ('3 из 5'), or 'Цель не задана' when the goal is 0. */
export const NO_GOAL = 'Цель не задана';
export const formatProgress = (done: number, goal: number): string =>
  goal > 0 ? `${formatNumber(done)} из ${formatNumber(goal)}` : NO_GOAL;

/** A person of the figures; one removed from the project since is named as such. */
export const personName = (name: string, former: boolean) => (former ? formerMemberName(name) : name);
