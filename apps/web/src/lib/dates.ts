import dayjs from 'dayjs';
import 'dayjs/locale/ru';

dayjs.locale('ru');

/** Formats used across the product (docs/product.md §10.4). */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';
export const API_DATE_FORMAT = 'YYYY-MM-DD';

type DateInput = Date | string | number;

/** '22 ноября 2026' */
export const formatLongDate = (value: DateInput): string => dayjs(value).format('D MMMM YYYY');
/** 'HH:mm', 24-hour */
export const formatTime = (value: DateInput): string => dayjs(value).format(TIME_FORMAT);
export const formatDate = (value: DateInput): string => dayjs(value).format(DATE_FORMAT);
export const formatDateTime = (value: DateInput): string => dayjs(value).format(DATE_TIME_FORMAT);
export const toApiDate = (value: DateInput): string => dayjs(value).format(API_DATE_FORMAT);

/** Milliseconds until the next minute starts, so a clock ticks when the minute changes. */
export const msUntilNextMinute = (now: Date = new Date()): number =>
  60_000 - (now.getSeconds() * 1000 + now.getMilliseconds());

/** Month names as a date says them ('24 ноября') and as a title does ('Ноябрь'). */
export const RU_MONTHS_OF = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;
export const RU_MONTHS = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
] as const;
