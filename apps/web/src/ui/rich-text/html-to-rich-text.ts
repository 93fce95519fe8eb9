import type { RichText, RichTextLeaf } from '@crm/contract';
import { cleanMarks, toRichText, type ListKind, type RichTextMarks } from './rich-text-model';

/**
 * Pasted HTML (a web page, a word processor) → the model: paragraphs, the two lists, and the
 * marks bold / italic / underline / strikethrough / colour. Everything else (tables, images,
 * links' targets, fonts, sizes, scripts) is dropped and only its text kept; no HTML survives.
 *
 * The walk works on a small copy of the DOM (`HtmlNode`) so it can be tested without a browser;
 * `htmlToRichText` builds that copy with the browser's DOMParser, which never runs scripts.
 */

export type HtmlNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; style: string; color: string; children: HtmlNode[] };

/** Elements whose content is not text a reader sees. */
const DROPPED = new Set([
  'script', 'style', 'head', 'title', 'meta', 'link', 'template', 'noscript', 'svg', 'math', 'img',
  'iframe', 'object', 'embed', 'video', 'audio', 'canvas', 'input', 'select', 'textarea', 'button',
]);
const BLOCKS = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'section', 'article', 'header',
  'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'address', 'dl', 'dt', 'dd', 'table', 'tr',
  'caption', 'hr', 'body', 'html', 'center',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'dt']);

const NAMED_COLORS: Record<string, string> = {
  black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff',
  yellow: '#ffff00', orange: '#ffa500', purple: '#800080', gray: '#808080', grey: '#808080',
  maroon: '#800000', navy: '#000080', teal: '#008080', olive: '#808000', fuchsia: '#ff00ff',
  magenta: '#ff00ff', aqua: '#00ffff', cyan: '#00ffff', lime: '#00ff00', silver: '#c0c0c0',
};

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');

/** A CSS colour → '#rrggbb', or undefined for what the model cannot hold (transparent, var(), …). */
export const cssColorToHex = (raw: string): string | undefined => {
  const value = raw.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(value);
  if (rgb) {
    const alpha = rgb[4];
    if (alpha !== undefined && (alpha.endsWith('%') ? parseFloat(alpha) === 0 : parseFloat(alpha) === 0)) return undefined;
    return `#${hex2(Number(rgb[1]))}${hex2(Number(rgb[2]))}${hex2(Number(rgb[3]))}`;
  }
  return NAMED_COLORS[value];
};

/** The declarations of a style attribute, names lower-cased. */
const parseStyle = (style: string) => {
  const declarations = new Map<string, string>();
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    declarations.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim().toLowerCase());
  }
  return declarations;
};

const isBoldWeight = (weight: string) => weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;

/** The marks inside an element: its own tag and style on top of what it inherits. */
const marksOf = (tag: string, style: Map<string, string>, color: string, inherited: RichTextMarks) => {
  const marks: RichTextMarks = { ...inherited };
  if (tag === 'b' || tag === 'strong' || HEADINGS.has(tag)) marks.bold = true;
  if (tag === 'i' || tag === 'em' || tag === 'cite' || tag === 'var' || tag === 'dfn') marks.italic = true;
  if (tag === 'u' || tag === 'ins') marks.underline = true;
  if (tag === 's' || tag === 'strike' || tag === 'del') marks.strikethrough = true;

  // A style says the last word: Google Docs wraps a whole paste in <b style="font-weight:normal">.
  const weight = style.get('font-weight');
  if (weight !== undefined) {
    if (isBoldWeight(weight)) marks.bold = true;
    else if (weight === 'normal' || weight === 'lighter' || Number(weight) > 0) delete marks.bold;
  }
  const fontStyle = style.get('font-style');
  if (fontStyle !== undefined) {
    if (fontStyle === 'italic' || fontStyle === 'oblique') marks.italic = true;
    else if (fontStyle === 'normal') delete marks.italic;
  }
  const decoration = style.get('text-decoration-line') ?? style.get('text-decoration');
  if (decoration !== undefined) {
    if (decoration.includes('underline')) marks.underline = true;
    if (decoration.includes('line-through')) marks.strikethrough = true;
    if (decoration.startsWith('none')) {
      delete marks.underline;
      delete marks.strikethrough;
    }
  }
  const cssColor = style.get('color') ?? (color || undefined);
  if (cssColor !== undefined) {
    const hex = cssColorToHex(cssColor);
    if (hex) marks.color = hex;
  }
  return cleanMarks(marks);
};

type Block = { kind: 'paragraph' } | { kind: 'list-item'; list: ListKind };

/** A Word list paragraph's marker ('1.', 'a)', '·') tells a numbered list from a bulleted one. */
const wordListKind = (marker: string): ListKind =>
  /^\s*(\d+|[a-z]|[ivxlc]+)[.)]/i.test(marker) ? 'numbered-list' : 'bulleted-list';

const textOf = (node: HtmlNode): string =>
  node.kind === 'text' ? node.text : node.children.map(textOf).join('');

const isWordMarker = (node: HtmlNode) => node.kind === 'element' && /mso-list:\s*ignore/i.test(node.style);

const findWordMarker = (node: HtmlNode): HtmlNode | undefined => {
  if (node.kind === 'text') return undefined;
  if (isWordMarker(node)) return node;
  for (const child of node.children) {
    const found = findWordMarker(child);
    if (found) return found;
  }
  return undefined;
};

export const htmlNodesToRichText = (roots: HtmlNode[]): RichText => {
  const out: Record<string, unknown>[] = [];
  let run: RichTextLeaf[] | null = null;
  let runBlock: Block = { kind: 'paragraph' };

  const flush = () => {
    if (run === null) return;
    const leaves = trimRun(run);
    if (runBlock.kind === 'paragraph') {
      out.push({ type: 'paragraph', children: leaves });
    } else {
      const last = out[out.length - 1];
      const item = { type: 'list-item', children: leaves };
      if (last && last.type === runBlock.list) (last.children as unknown[]).push(item);
      else out.push({ type: runBlock.list, children: [item] });
    }
    run = null;
  };
  const startBlock = (block: Block) => {
    flush();
    runBlock = block;
  };
  const pushText = (text: string, marks: RichTextMarks, pre: boolean) => {
    if (pre) {
      text.split(/\r\n|\r|\n/).forEach((line, index) => {
        if (index > 0) {
          const block = runBlock;
          flush();
          runBlock = block;
          run = [];
        }
        run ??= [];
        run.push({ text: line.replace(/\t/g, '    '), ...marks });
      });
      return;
    }
    const collapsed = text.replace(/[\t\n\r\f ]+/g, ' ');
    // Indentation between blocks of the source is not text.
    if (run === null && collapsed.trim() === '') return;
    run ??= [];
    run.push({ text: collapsed, ...marks });
  };

  const walk = (node: HtmlNode, marks: RichTextMarks, list: ListKind | null, pre: boolean) => {
    if (node.kind === 'text') return pushText(node.text, marks, pre);
    const { tag } = node;
    if (DROPPED.has(tag) || isWordMarker(node)) return;
    const style = parseStyle(node.style);
    if (style.get('display') === 'none' || style.get('visibility') === 'hidden') return;
    const own = marksOf(tag, style, node.color, marks);
    const children = (nextList: ListKind | null, nextPre: boolean) =>
      node.children.forEach((child) => walk(child, own, nextList, nextPre));

    if (tag === 'br') {
      const block = runBlock;
      flush();
      runBlock = block;
      run = [];
      return;
    }
    if (tag === 'ul' || tag === 'ol') {
      flush();
      // A nested list joins the outer one: the model has one level.
      children(list ?? (tag === 'ol' ? 'numbered-list' : 'bulleted-list'), pre);
      flush();
      runBlock = { kind: 'paragraph' };
      return;
    }
    if (tag === 'li') {
      startBlock({ kind: 'list-item', list: list ?? 'bulleted-list' });
      run = [];
      children(list, pre);
      flush();
      if (list) runBlock = { kind: 'list-item', list };
      return;
    }
    const wordList = style.get('mso-list');
    if (tag === 'p' && wordList !== undefined && wordList !== 'none') {
      const marker = findWordMarker(node);
      startBlock({ kind: 'list-item', list: wordListKind(marker ? textOf(marker) : '') });
      run = [];
      children(null, pre);
      flush();
      runBlock = { kind: 'paragraph' };
      return;
    }
    if (BLOCKS.has(tag) || tag === 'td' || tag === 'th') {
      const inItem = runBlock.kind === 'list-item' && run !== null;
      // A block inside a list item (<li><p>…</p></li>) continues the item.
      if (!inItem && tag !== 'td' && tag !== 'th') startBlock({ kind: 'paragraph' });
      if (tag === 'td' || tag === 'th') {
        if (run !== null && run.length > 0) run.push({ text: ' ' });
      }
      if (tag === 'p' && !inItem) run = [];
      children(list, pre || tag === 'pre');
      if (!inItem && tag !== 'td' && tag !== 'th') {
        flush();
        runBlock = { kind: 'paragraph' };
      }
      return;
    }
    children(list, pre);
  };

  roots.forEach((root) => walk(root, {}, null, false));
  flush();
  return toRichText(out);
};

/** Spaces at the edges of a block are layout, not text. */
const trimRun = (run: RichTextLeaf[]) => {
  const leaves = run.map((leaf) => ({ ...leaf, text: leaf.text.replace(/\u00a0/g, ' ') }));
  const first = leaves[0];
  if (first) first.text = first.text.replace(/^ +/, '');
  const last = leaves[leaves.length - 1];
  if (last) last.text = last.text.replace(/ +$/, '');
  return leaves.length > 0 ? leaves : [{ text: '' }];
};

/** The small copy of a DOM subtree the walk reads. */
export const domToHtmlNodes = (parent: ParentNode): HtmlNode[] => {
  const nodes: HtmlNode[] = [];
  parent.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) nodes.push({ kind: 'text', text: child.textContent ?? '' });
    else if (child.nodeType === Node.ELEMENT_NODE) {
      const element = child as Element;
      nodes.push({
        kind: 'element',
        tag: element.localName,
        style: element.getAttribute('style') ?? '',
        color: element.localName === 'font' ? (element.getAttribute('color') ?? '') : '',
        children: domToHtmlNodes(element),
      });
    }
  });
  return nodes;
};

/** Pasted HTML → the model, through DOMParser (inert: no script runs, no image loads). */
export const htmlToRichText = (html: string): RichText => {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return htmlNodesToRichText(domToHtmlNodes(document.body));
};
