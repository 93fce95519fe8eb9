/** A matched stretch of a text: [start, end) in UTF-16 units. */
export type MatchRange = readonly [start: number, end: number];

/** A query made only of phone characters ('+380 67', '(067) 12-34') is also looked for by its digits. */
const PHONE_LIKE = /^[\d\s+()-]*\d[\d\s+()-]*$/;

const indexesOf = (haystack: string, needle: string): MatchRange[] => {
  const found: MatchRange[] = [];
  if (needle === '') return found;
  let from = haystack.indexOf(needle);
  while (from !== -1) {
    found.push([from, from + needle.length]);
    from = haystack.indexOf(needle, from + needle.length);
  }
  return found;
};

/** Where the digits of `query` stand in `text`, ignoring whatever separates the digits of the text. */
const digitMatches = (text: string, query: string): MatchRange[] => {
  const digits: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (char >= '0' && char <= '9') {
      digits.push(char);
      at.push(i);
    }
  }
  const wanted = query.replace(/\D+/g, '');
  return indexesOf(digits.join(''), wanted).map(([start, end]) => [at[start]!, at[end - 1]! + 1] as const);
};

const merge = (ranges: MatchRange[]): MatchRange[] => {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
};

/**
 * The parts of `text` the search matched, to highlight: each word of the query, case-insensitive
 * (Cyrillic and Latin), and for a phone-like query its digits across spaces and dashes. Ranges
 * are sorted and never overlap.
 */
export const findMatches = (text: string, query: string): MatchRange[] => {
  const trimmed = query.trim();
  if (trimmed === '' || text === '') return [];
  const lower = text.toLocaleLowerCase('ru');
  // Lowercasing keeps the length for Cyrillic and Latin; for any text where it does not, the
  // indexes would point at the wrong letters, so nothing is highlighted rather than the wrong part.
  if (lower.length !== text.length) return [];
  const words = trimmed.toLocaleLowerCase('ru').split(/\s+/);
  const ranges = words.flatMap((word) => indexesOf(lower, word));
  if (PHONE_LIKE.test(trimmed)) ranges.push(...digitMatches(text, trimmed));
  return merge(ranges);
};

/** The text cut into plain and matched parts, in order, for rendering. */
export const splitByMatches = (text: string, query: string): { text: string; match: boolean }[] => {
  const parts: { text: string; match: boolean }[] = [];
  let cursor = 0;
  for (const [start, end] of findMatches(text, query)) {
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
};

/**
 * A window of a long value around its first match ('…ссылка на профиль…'), so a hit deep in a
 * comment is visible in a one-line result; the text itself when it is short or has no match.
 */
export const excerptAround = (text: string, query: string, room = 60): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= room * 2) return flat;
  const first = findMatches(flat, query)[0];
  if (!first) return `${flat.slice(0, room * 2).trimEnd()}…`;
  const start = Math.max(0, first[0] - room);
  const end = Math.min(flat.length, first[1] + room);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
};
