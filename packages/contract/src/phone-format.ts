import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A stored phone (the digits of the international number) as people read it: '+380 50 123 4567',
 * grouped as its country writes numbers (libphonenumber-js); '+' and the digits where the
 * library does not know the number. The client panel and the export write phones alike. Its own
 * entry (`@crm/contract/phone-format`): the library's metadata stays out of every page that
 * imports the contract's index (the sign-in page's first chunk).
 */
export const formatPhone = (digits: string): string => {
  const number = parsePhoneNumberFromString(`+${digits}`);
  return number?.isValid() ? number.formatInternational() : `+${digits}`;
};
