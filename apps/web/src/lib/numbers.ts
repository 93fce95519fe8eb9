/** U+2009 THIN SPACE: thousands are grouped with it (docs/product.md §10.4). */
const THIN_SPACE = '\u2009';

/** '12 500' with thin spaces; whole numbers only, as goals and amounts are digits only. */
export const formatNumber = (value: number): string =>
  Math.trunc(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, THIN_SPACE);

/** Keeps only the digits of what was typed or pasted ('12 500 ₽' → '12500'); leading zeros dropped. */
export const digitsOnly = (raw: string): string => raw.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');

/** '850 Б', '12,4 КБ', '3,1 МБ'. */
export const fileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} Б`;
  const units = ['КБ', 'МБ', 'ГБ'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace('.', ',');
  return `${shown} ${units[unit]}`;
};
