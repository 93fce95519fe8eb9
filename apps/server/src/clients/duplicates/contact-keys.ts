import { normalizePhone } from '../form/phone-numbers.js';

/**
 * The keys under which a client's contacts are compared (docs/product.md, "Duplicates"): a phone
 * as the digits of its international number, so '+380 50 123-45-67' and '050 123 45 67' are one;
 * a social-network link without its scheme, 'www.', case, query and trailing slash (Facebook's
 * `profile.php?id=…` keeps its id, which is the person).
 */
export type ContactType = 'phone_number' | 'social_network';

export function contactKey(type: ContactType, value: string): string | null {
  if (type === 'phone_number') {
    const phone = normalizePhone(value);
    return 'digits' in phone ? `tel:${phone.digits}` : null;
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
