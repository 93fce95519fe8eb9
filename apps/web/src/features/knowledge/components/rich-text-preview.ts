import { parseRichText } from '@crm/contract';

/** The first `length` characters of an article's text as one plain line ('' for none), for a list row. */
export const richTextPreview = (value: string, length = 160): string => {
  const tree = parseRichText(value);
  if (!tree) return '';
  const text = tree
    // Leaves of a line run together; lines (blocks, list items) are parted by a space.
    .flatMap((block) => (block.type === 'paragraph' ? [block.children] : block.children.map((item) => item.children)))
    .map((line) => line.map((leaf) => leaf.text).join(''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
};
