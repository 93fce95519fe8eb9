import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { PHONE_DIGITS_MAX, type PhoneCountry } from '@crm/contract';

export const PHONE_CHARACTERS = 'Номер телефона: цифры, «+» в начале, пробелы, дефисы, точки и скобки';
export const PHONE_INVALID =
  'Такого номера телефона нет: проверьте цифры и код страны, например +380 50 123 45 67';

const WRITTEN = /^\+?[\d\s().-]+$/;

// Every country a project may have is one libphonenumber knows (a compile-time check).
const asCountryCode = (country: PhoneCountry): CountryCode => country;

const international = (digits: string) => {
  const number = parsePhoneNumberFromString(`+${digits}`);
  return number?.isValid() ? number : null;
};

const national = (text: string, country: PhoneCountry) => {
  const number = parsePhoneNumberFromString(text, asCountryCode(country));
  return number?.isValid() ? number : null;
};

/**
 * A phone value as people write it ('+380 50 123-45-67', '8 (999) 123 45 67', '380501234567') to
 * the one form the API stores: the digits of the international number. libphonenumber-js decides
 * what a real number is; `country` is the project's (its phone country, docs/decisions.md):
 * - with a '+', the number is international, whatever follows;
 * - digits that start with the country's trunk prefix (Russia's '8', Ukraine's '0') and make one
 *   of its numbers are that number: '8 (495) 123-45-67' in Russia is Moscow's, not the
 *   Vietnamese +84 95 123 4567 its digits also spell;
 * - other digits are read as an international number first (what the form's picker sends:
 *   '79991234567'), else as a number of the country written without its trunk prefix.
 */
export function normalizePhone(value: string, country: PhoneCountry): { digits: string } | { error: string } {
  const text = value.trim();
  const digits = text.replace(/\D/g, '');
  if (!WRITTEN.test(text) || digits === '') return { error: PHONE_CHARACTERS };
  if (digits.length > PHONE_DIGITS_MAX) return { error: `Не более ${PHONE_DIGITS_MAX} цифр` };
  if (text.startsWith('+')) {
    const number = international(digits);
    return number ? { digits: number.number.slice(1) } : { error: PHONE_INVALID };
  }
  const local = national(text, country);
  const number = local && hasTrunkPrefix(digits, local) ? local : (international(digits) ?? local);
  return number ? { digits: number.number.slice(1) } : { error: PHONE_INVALID };
}

/**
 * A stored value's number: the digits of the international number, so read as one first (a
 * Vietnamese '84951234567' stays Vietnamese in a Russian project, whatever the trunk prefix);
 * an older value kept as it was typed, as a number of the project's country. Null when neither.
 */
export function storedPhone(value: string, country: PhoneCountry): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits === '' || digits.length > PHONE_DIGITS_MAX) return null;
  const number = international(digits) ?? national(value, country);
  return number ? number.number.slice(1) : null;
}

/** The digits hold more than the national number, and what comes before it is not the country code. */
const hasTrunkPrefix = (digits: string, number: { nationalNumber: string; countryCallingCode: string }) =>
  digits.length > number.nationalNumber.length &&
  digits.endsWith(number.nationalNumber) &&
  digits.slice(0, -number.nationalNumber.length) !== number.countryCallingCode;
