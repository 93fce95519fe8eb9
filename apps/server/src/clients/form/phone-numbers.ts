import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { PHONE_DIGITS_MAX } from '@crm/contract';

export const PHONE_CHARACTERS = 'Номер телефона: цифры, «+» в начале, пробелы, дефисы, точки и скобки';
export const PHONE_INVALID =
  'Такого номера телефона нет: проверьте цифры и код страны, например +380 50 123 45 67';

/**
 * A number written without its country code is read as one of the client form's first country,
 * where its phone picker starts (docs/decisions.md).
 */
const HOME_COUNTRY: CountryCode = 'UA';

const WRITTEN = /^\+?[\d\s().-]+$/;

/**
 * A phone value as people write it ('+380 50 123-45-67', '(050) 123 45 67', '380501234567')
 * to the one form the API stores: the digits of the international number. libphonenumber-js
 * decides what a real number is; digits alone are read as an international number first (what
 * the form sends), else as a national one of HOME_COUNTRY.
 */
export function normalizePhone(value: string): { digits: string } | { error: string } {
  const text = value.trim();
  const digits = text.replace(/\D/g, '');
  if (!WRITTEN.test(text) || digits === '') return { error: PHONE_CHARACTERS };
  if (digits.length > PHONE_DIGITS_MAX) return { error: `Не более ${PHONE_DIGITS_MAX} цифр` };
  const international = parsePhoneNumberFromString(`+${digits}`);
  if (international?.isValid()) return { digits: international.number.slice(1) };
  if (!text.startsWith('+')) {
    const national = parsePhoneNumberFromString(text, HOME_COUNTRY);
    if (national?.isValid()) return { digits: national.number.slice(1) };
  }
  return { error: PHONE_INVALID };
}
