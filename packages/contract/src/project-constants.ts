// No zod here: the signed-in shell reads the default zone, and a module's schemas travel with it.

export const DEFAULT_TIMEZONE = 'Europe/Moscow';

/**
 * The countries a project's phone country may be (ISO 3166 alpha-2): Europe's, the ones the
 * phone picker offers (docs/product.md §4.7). A number written without its country code is read
 * as a number of the project's country (its trunk prefix: '8 999 …' in Russia, '050 …' in
 * Ukraine). One list for the server, the settings page and the picker.
 */
// prettier-ignore
export const PHONE_COUNTRIES = [
  'AL', 'AD', 'AT', 'BY', 'BE', 'BA', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FO', 'FI', 'FR', 'DE',
  'GI', 'GR', 'HU', 'IS', 'IE', 'IT', 'XK', 'LV', 'LI', 'LT', 'LU', 'MT', 'MD', 'MC', 'ME', 'NL',
  'MK', 'NO', 'PL', 'PT', 'RO', 'RU', 'SM', 'RS', 'SK', 'SI', 'ES', 'SE', 'CH', 'UA', 'GB', 'VA',
] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

/** A new project's phone country, and every project's from before the setting. */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'UA';
