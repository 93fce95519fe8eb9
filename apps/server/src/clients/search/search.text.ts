import type { FormFieldType } from '@crm/contract';
import { foldText } from '../../lib/fold-text.js';

export { foldText } from '../../lib/fold-text.js';

/** Trigram indexes need three characters; shorter words match the start of a name or last name. */
export const TRIGRAM_MIN = 3;

const SOCIAL_PREFIX = /^https?:\/\/(www\.)?/;

/**
 * One value as it is searched: a text as written, a phone by its digits (it is stored as
 * digits), a social link without its common `https://www.` (else "www" would find every link);
 * a select's value is an option id, never searched as text.
 */
export function searchableValue(type: FormFieldType, value: string): string | null {
  if (type === 'select') return null;
  if (type === 'social_network') return value.replace(SOCIAL_PREFIX, '');
  return value;
}

/** What the trigram index holds for a client: name, last name and searchable values, folded. */
export function clientSearchText(
  client: { name: string; last_name: string },
  values: { type: FormFieldType; value: string }[],
) {
  const parts = [client.name, client.last_name];
  for (const v of values) {
    const text = searchableValue(v.type, v.value);
    if (text) parts.push(text);
  }
  return foldText(parts.join(' '));
}

/** A query as the index reads it: words of 3+ characters (substrings) and shorter ones (prefixes). */
export type SearchTerms = { substrings: string[]; prefixes: string[] };

const PHONE_LIKE = /^[\d\s()+\-.]+$/;

/**
 * Splits a query into words. A query of digits and phone punctuation ("+7 (900) 123-45")
 * is one phone number: its digits, searched as one substring.
 */
export function searchTerms(query: string | undefined): SearchTerms | null {
  const folded = foldText(query ?? '');
  if (folded === '') return null;
  const digits = folded.replace(/\D/g, '');
  if (PHONE_LIKE.test(folded) && digits.length >= TRIGRAM_MIN) return { substrings: [digits], prefixes: [] };
  const words = [...new Set(folded.split(' '))];
  return {
    substrings: words.filter((w) => [...w].length >= TRIGRAM_MIN),
    prefixes: words.filter((w) => [...w].length < TRIGRAM_MIN),
  };
}
