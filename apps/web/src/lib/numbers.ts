/** U+2009 THIN SPACE: thousands are grouped with it (docs/product.md §10.4). */
const THIN_SPACE = '\u2009';

/** '12 500' with thin spaces; whole numbers only, as goals and amounts are digits only. */
export const formatNumber = (value: number): string =>
  Math.trunc(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, THIN_SPACE);

/** Keeps only the digits of what was typed or pasted ('12 500 ₽' → '12500'); leading zeros dropped. */
export const digitsOnly = (raw: string): string => raw.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');
