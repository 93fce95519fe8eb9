import { plural } from '@/lib/plural';

const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_MINUTE = 60;

const HOURS = ['час', 'часа', 'часов'] as const;
const MINUTES = ['минуту', 'минуты', 'минут'] as const;

/** '1,5' for a count that is not whole (stored in other units); Russian reads a fraction with the genitive singular. */
const count = (value: number, forms: readonly [string, string, string]) => {
  if (Number.isInteger(value)) return `${value.toLocaleString('ru-RU')} ${plural(value, forms)}`;
  return `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ${forms[1]}`;
};

/** `schedule_for` on a card: 'Через 24 часа', 'Через 1 час'; none: 'Сразу после события'. */
export const scheduleText = (scheduleFor: number) =>
  scheduleFor <= 0 ? 'Сразу после события' : `Через ${count(scheduleFor / SECONDS_PER_HOUR, HOURS)}`;

/** `remind_before` on a card: 'Напомнить за 30 минут'; none: 'Напомнить в срок'. */
export const remindBeforeText = (remindBefore: number) =>
  remindBefore <= 0
    ? 'Напомнить в срок'
    : `Напомнить за ${count(remindBefore / SECONDS_PER_MINUTE, MINUTES)}`;

/** The modal's boxes: hours and minutes as digits ('' for none in a new scenario). */
export const hoursOf = (scheduleFor: number) => String(Math.round(scheduleFor / SECONDS_PER_HOUR));
export const minutesOf = (remindBefore: number) => String(Math.round(remindBefore / SECONDS_PER_MINUTE));

/** What the API stores: hours ×3600 and minutes ×60 (docs/product.md §4.10). */
export const toScheduleFor = (hours: string) => Number(hours) * SECONDS_PER_HOUR;
export const toRemindBefore = (minutes: string) => Number(minutes) * SECONDS_PER_MINUTE;

type StageTimer = { name: string; duration: number; next_category_id: number | null };

/**
 * A scenario on entering a stage that clients leave by themselves before its reminder is due:
 * the move skips the reminder every time ('Пропущено'). Said where the scenario is edited; null
 * when the stage keeps its clients long enough (or for ever).
 */
export const skippedByAutoMove = (
  stage: StageTimer | undefined,
  nextName: string | undefined,
  scheduleFor: number,
): string | null => {
  if (!stage || stage.duration <= 0 || stage.next_category_id === null || scheduleFor < stage.duration)
    return null;
  return (
    `Клиенты сами уходят из «${stage.name}»${nextName ? ` в «${nextName}»` : ''} через ` +
    `${count(stage.duration / SECONDS_PER_HOUR, HOURS)}, не дождавшись срока этого напоминания: ` +
    'оно всегда будет пропущено. Сократите срок или увеличьте время в категории.'
  );
};
