import type { PhoneCountry } from '@crm/contract';
import { normalizePhone, storedPhone } from '../form/phone-numbers.js';

/**
 * The keys under which a client's contacts are compared (docs/product.md, "Duplicates"): a phone
 * as the digits of its international number, so '+7 999 123-45-67' and, in a Russian project,
 * '8 (999) 123 45 67' are one; a social-network link without its scheme, 'www.', case, query and
 * trailing slash (Facebook's `profile.php?id=…` keeps its id, which is the person).
 */
export type ContactType = 'phone_number' | 'social_network';

/** A value as it was written (the modal's, the API's): a phone read with the project's country. */
export function contactKey(type: ContactType, value: string, country: PhoneCountry): string | null {
  if (type === 'phone_number') {
    const phone = normalizePhone(value, country);
    return 'digits' in phone ? `tel:${phone.digits}` : null;
  }
  return socialLinkKey(value);
}

/**
 * A stored value (or one just put in its stored form): a phone is the digits of the international
 * number already and read as one, so its key stays whatever the project's country becomes; the
 * country reads only an older value kept as it was typed (phone-numbers.ts `storedPhone`).
 */
export function storedContactKey(type: ContactType, value: string, country: PhoneCountry): string | null {
  if (type === 'phone_number') {
    const digits = storedPhone(value, country);
    return digits === null ? null : `tel:${digits}`;
  }
  return socialLinkKey(value);
}

function socialLinkKey(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(?:www\.|m\.)/, '');
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '') return null;
  const id = path === '/profile.php' ? url.searchParams.get('id') : null;
  return `web:${host}${path}${id ? `?id=${id}` : ''}`;
}
