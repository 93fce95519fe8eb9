import { KNOWLEDGE_EXCERPT_LENGTH } from '@crm/contract';
import { foldText } from '../lib/fold-text.js';

/** Anything that is not a letter or a digit separates words. */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * What the trigram index holds for an article: its title and text folded, punctuation as
 * spaces, with a space before every word, so " ав" (three characters, what a trigram index can
 * read) finds the words that start with "ав".
 */
export const articleSearchText = (title: string, content: string) =>
  ` ${foldText(`${title} ${plainText(content)}`.replace(SEPARATORS, ' '))}`;

/** Trigram indexes read three characters and more. */
const TRIGRAM_MIN = 3;

/**
 * A query as the index reads it: each word of 3+ characters is a substring of the title or
 * text; a word of 2 is the start of a word (" ав"); single letters narrow nothing and are left
 * out. Null when nothing is left to search.
 */
export function articleSearchTerms(query: string): string[] | null {
  const words = [...new Set(foldText(query.replace(SEPARATORS, ' ')).split(' '))].filter((w) => w !== '');
  const terms = words
    .map((w) => ([...w].length >= TRIGRAM_MIN ? w : [...w].length === 2 ? ` ${w}` : null))
    .filter((term) => term !== null);
  return terms.length > 0 ? terms : null;
}

/** A term as a pattern: any case (the `i` flag), ё for е, a word start for a 2-letter term. */
const termPattern = (term: string) => {
  const word = term.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('е', '[её]');
  return term.startsWith(' ') ? `(?<![\\p{L}\\p{N}])${word}` : word;
};

/**
 * The words of a rich-text string, blocks and list items one after another ('' for ''). The
 * string is one the contract has checked (richTextJson) on its way in: not checked again here.
 */
export function plainText(content: string): string {
  if (content === '') return '';
  const blocks = JSON.parse(content) as { children: { text?: string; children?: { text: string }[] }[] }[];
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.children.every((child) => child.text !== undefined)) {
      lines.push(block.children.map((leaf) => leaf.text).join(''));
    } else {
      for (const item of block.children) lines.push((item.children ?? []).map((leaf) => leaf.text).join(''));
    }
  }
  return lines.join('\n').replace(/\s+/g, ' ').trim();
}

const BEFORE_MATCH = 60;

/**
 * About KNOWLEDGE_EXCERPT_LENGTH characters of the article's plain text around the first match
 * of the terms (its beginning when only the title matched), cut at spaces, with '…' where cut.
 */
export function excerptOf(content: string, terms: readonly string[]): string {
  const text = plainText(content);
  if (text.length <= KNOWLEDGE_EXCERPT_LENGTH) return text;
  const found = terms.length > 0 ? text.search(new RegExp(terms.map(termPattern).join('|'), 'iu')) : -1;
  const first = Math.max(0, found);
  let start = Math.max(0, Math.min(first - BEFORE_MATCH, text.length - KNOWLEDGE_EXCERPT_LENGTH));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > first ? start : space + 1;
  }
  let end = Math.min(text.length, start + KNOWLEDGE_EXCERPT_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
