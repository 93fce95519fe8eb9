import {
  RICH_TEXT_DEFAULT_COLOR,
  RICH_TEXT_DEFAULT_FONT_SIZE,
  RICH_TEXT_FONT_SIZES,
  RICH_TEXT_MAX_BLOCKS,
  isBlankRichText,
  parseRichText,
  type RichText,
  type RichTextBlock,
  type RichTextFontSize,
  type RichTextLeaf,
} from '@crm/contract';

/**
 * The pure side of the editor: any tree (what Slate holds, what a paste produced, what an old
 * record stores) is turned into one that passes the contract's `richTextSchema`, and back.
 */

export type RichTextMarks = Omit<RichTextLeaf, 'text'>;
export type ListKind = 'bulleted-list' | 'numbered-list';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const BOOLEAN_MARKS = ['bold', 'italic', 'underline', 'strikethrough'] as const;

export const emptyRichText = (): RichText => [{ type: 'paragraph', children: [{ text: '' }] }];

export const isFontSize = (value: unknown): value is RichTextFontSize =>
  typeof value === 'string' && (RICH_TEXT_FONT_SIZES as readonly string[]).includes(value);

/**
 * The marks the model holds, nothing else. A default colour or size is the same as none, so it
 * is dropped: one look has one tree.
 */
export const cleanMarks = (raw: Record<string, unknown>): RichTextMarks => {
  const marks: RichTextMarks = {};
  for (const mark of BOOLEAN_MARKS) if (raw[mark] === true) marks[mark] = true;
  const color = raw.color;
  if (typeof color === 'string' && HEX_COLOR.test(color) && color.toLowerCase() !== RICH_TEXT_DEFAULT_COLOR) {
    marks.color = color.toLowerCase();
  }
  if (isFontSize(raw.fontSize) && raw.fontSize !== RICH_TEXT_DEFAULT_FONT_SIZE) marks.fontSize = raw.fontSize;
  return marks;
};

const sameMarks = (a: RichTextMarks, b: RichTextMarks) =>
  BOOLEAN_MARKS.every((mark) => a[mark] === b[mark]) && a.color === b.color && a.fontSize === b.fontSize;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const childrenOf = (node: Record<string, unknown>): unknown[] => (Array.isArray(node.children) ? node.children : []);

/** Every text leaf under a node, in order, whatever elements wrap them. */
const collectLeaves = (node: unknown, into: RichTextLeaf[]) => {
  if (!isRecord(node)) return;
  if (typeof node.text === 'string') {
    into.push({ text: node.text, ...cleanMarks(node) });
    return;
  }
  childrenOf(node).forEach((child) => collectLeaves(child, into));
};

/** Adjacent leaves with the same marks joined, empty ones dropped, at least one leaf left. */
export const mergeLeaves = (leaves: RichTextLeaf[]): [RichTextLeaf, ...RichTextLeaf[]] => {
  const merged: RichTextLeaf[] = [];
  for (const leaf of leaves) {
    if (leaf.text === '') continue;
    const last = merged[merged.length - 1];
    if (last && sameMarks(last, leaf)) last.text += leaf.text;
    else merged.push({ ...leaf });
  }
  const [first, ...rest] = merged;
  return first ? [first, ...rest] : [{ text: '' }];
};

const leavesOf = (node: unknown) => {
  const leaves: RichTextLeaf[] = [];
  collectLeaves(node, leaves);
  return mergeLeaves(leaves);
};

/** The list items of a list: nested lists are flattened into it, stray text becomes an item. */
const listItemsOf = (list: Record<string, unknown>) => {
  const items: { type: 'list-item'; children: [RichTextLeaf, ...RichTextLeaf[]] }[] = [];
  const visit = (node: unknown) => {
    if (!isRecord(node)) return;
    if (node.type === 'bulleted-list' || node.type === 'numbered-list') childrenOf(node).forEach(visit);
    else items.push({ type: 'list-item', children: leavesOf(node) });
  };
  childrenOf(list).forEach(visit);
  return items;
};

/** Blocks past the schema's limit are joined into the last allowed one, line by line, never lost. */
const capBlocks = (blocks: RichTextBlock[]): RichTextBlock[] => {
  if (blocks.length <= RICH_TEXT_MAX_BLOCKS) return blocks;
  const kept = blocks.slice(0, RICH_TEXT_MAX_BLOCKS - 1);
  const restLeaves: RichTextLeaf[] = [];
  blocks.slice(RICH_TEXT_MAX_BLOCKS - 1).forEach((block, index) => {
    if (index > 0) restLeaves.push({ text: '\n' });
    collectLeaves(block, restLeaves);
  });
  return [...kept, { type: 'paragraph', children: mergeLeaves(restLeaves) }];
};

/**
 * Any node list → a valid tree: top-level blocks only (a stray text or unknown element becomes a
 * paragraph, a stray list item a one-item bulleted list), lists hold list items only, list items
 * and paragraphs hold text leaves only, leaves carry the model's marks only.
 */
export const toRichText = (nodes: unknown): RichText => {
  const blocks: RichTextBlock[] = [];
  let loose: RichTextLeaf[] | null = null;
  const flushLoose = () => {
    if (loose) blocks.push({ type: 'paragraph', children: mergeLeaves(loose) });
    loose = null;
  };
  for (const node of Array.isArray(nodes) ? nodes : []) {
    if (!isRecord(node)) continue;
    if (typeof node.text === 'string') {
      loose ??= [];
      collectLeaves(node, loose);
      continue;
    }
    flushLoose();
    if (node.type === 'bulleted-list' || node.type === 'numbered-list') {
      const items = listItemsOf(node);
      const [first, ...rest] = items;
      if (first) blocks.push({ type: node.type, children: [first, ...rest] });
    } else if (node.type === 'list-item') {
      blocks.push({ type: 'bulleted-list', children: [{ type: 'list-item', children: leavesOf(node) }] });
    } else {
      blocks.push({ type: 'paragraph', children: leavesOf(node) });
    }
  }
  flushLoose();
  return blocks.length > 0 ? capBlocks(blocks) : emptyRichText();
};

/** The stored string of a tree: its JSON, or '' when every block is blank (docs/product.md §4.16). */
export const serializeRichText = (nodes: unknown): string => {
  const tree = toRichText(nodes);
  return isBlankRichText(tree) ? '' : JSON.stringify(tree);
};

/** Plain text, one paragraph a line. */
export const plainTextToRichText = (text: string): RichText =>
  toRichText(text.split(/\r\n|\r|\n/).map((line) => ({ type: 'paragraph', children: [{ text: line }] })));

/**
 * The tree of a stored string: '' is one empty paragraph; a tree the schema refuses is cleaned
 * like any other, and a string that is not JSON at all is shown as its plain text, not hidden.
 */
export const deserializeRichText = (value: string): RichText => {
  if (value === '') return emptyRichText();
  const valid = parseRichText(value);
  if (valid) return valid;
  try {
    const raw: unknown = JSON.parse(value);
    if (Array.isArray(raw)) return toRichText(raw);
  } catch {
    // Not JSON: plain text.
  }
  return plainTextToRichText(value);
};
