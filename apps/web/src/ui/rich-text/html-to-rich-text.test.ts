import { richTextSchema, type RichText } from '@crm/contract';
import { describe, expect, it } from 'vitest';
import { cssColorToHex, htmlNodesToRichText, type HtmlNode } from './html-to-rich-text';

// A tiny builder for the DOM copy the converter reads (the test runs without a browser).
const t = (text: string): HtmlNode => ({ kind: 'text', text });
const el = (tag: string, ...children: (HtmlNode | string)[]): HtmlNode => ({
  kind: 'element',
  tag,
  style: '',
  color: '',
  children: children.map((child) => (typeof child === 'string' ? t(child) : child)),
});
const styled = (tag: string, style: string, ...children: (HtmlNode | string)[]): HtmlNode => ({
  ...(el(tag, ...children) as Extract<HtmlNode, { kind: 'element' }>),
  style,
});

const convert = (...nodes: HtmlNode[]): RichText => {
  const tree = htmlNodesToRichText(nodes);
  expect(richTextSchema.safeParse(tree).success).toBe(true);
  return tree;
};

describe('htmlNodesToRichText', () => {
  it('keeps paragraphs and the marks of tags', () => {
    expect(
      convert(
        el('p', 'Plain ', el('b', 'bold'), ' ', el('em', 'italic')),
        t('\n  '),
        el('p', el('u', 'under'), el('s', 'struck'), el('strong', el('i', 'both'))),
      ),
    ).toEqual([
      { type: 'paragraph', children: [{ text: 'Plain ' }, { text: 'bold', bold: true }, { text: ' ' }, { text: 'italic', italic: true }] },
      {
        type: 'paragraph',
        children: [
          { text: 'under', underline: true },
          { text: 'struck', strikethrough: true },
          { text: 'both', bold: true, italic: true },
        ],
      },
    ]);
  });

  it('reads marks and colour from styles, and a style overrides its tag', () => {
    expect(
      convert(
        styled(
          'b',
          'font-weight:normal',
          styled('span', 'font-weight:700;color:rgb(255, 0, 0)', 'red bold'),
          styled('span', 'font-style:italic;text-decoration:underline line-through', 'deco'),
          t(' plain'),
        ),
      ),
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { text: 'red bold', bold: true, color: '#ff0000' },
          { text: 'deco', italic: true, underline: true, strikethrough: true },
          { text: ' plain' },
        ],
      },
    ]);
  });

  it('turns lists into the two list kinds, nested items joining the outer list', () => {
    expect(
      convert(
        el('ul', el('li', 'one'), el('li', el('p', 'two'), el('ol', el('li', 'two.a')))),
        el('ol', el('li', 'first')),
      ),
    ).toEqual([
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'one' }] },
          { type: 'list-item', children: [{ text: 'two' }] },
          { type: 'list-item', children: [{ text: 'two.a' }] },
        ],
      },
      { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'first' }] }] },
    ]);
  });

  it('reads Word list paragraphs by their markers', () => {
    const item = (marker: string, text: string) =>
      styled('p', 'mso-list:l0 level1 lfo1', styled('span', 'mso-list:Ignore', marker, el('span', '  ')), text);
    expect(convert(item('1.', 'Uno'), item('2.', 'Dos'), item('·', 'Dot'))).toEqual([
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: 'Uno' }] },
          { type: 'list-item', children: [{ text: 'Dos' }] },
        ],
      },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'Dot' }] }] },
    ]);
  });

  it('drops scripts, styles, images and hidden text, keeping only the text of other elements', () => {
    expect(
      convert(
        el('style', 'p { color: red }'),
        el('script', 'alert(1)'),
        el('div', el('img'), el('a', 'link text'), styled('span', 'display:none', 'hidden'), el('table', el('tr', el('td', 'a'), el('td', 'b')))),
      ),
    ).toEqual([
      { type: 'paragraph', children: [{ text: 'link text' }] },
      { type: 'paragraph', children: [{ text: 'a b' }] },
    ]);
  });

  it('splits paragraphs at <br> and collapses source whitespace', () => {
    expect(convert(el('div', '  first\n line', el('br'), 'second  '))).toEqual([
      { type: 'paragraph', children: [{ text: 'first line' }] },
      { type: 'paragraph', children: [{ text: 'second' }] },
    ]);
  });

  it('keeps an empty paragraph a word processor uses as a blank line', () => {
    expect(convert(el('p', 'a'), el('p', '\u00a0'), el('p', 'b'))).toEqual([
      { type: 'paragraph', children: [{ text: 'a' }] },
      { type: 'paragraph', children: [{ text: '' }] },
      { type: 'paragraph', children: [{ text: 'b' }] },
    ]);
  });

  it('gives an empty paragraph for nothing readable', () => {
    expect(convert(el('img'))).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });
});

describe('cssColorToHex', () => {
  it('reads hex, rgb and the basic names, and refuses what it cannot hold', () => {
    expect(cssColorToHex('#ABCDEF')).toBe('#abcdef');
    expect(cssColorToHex('#f00')).toBe('#ff0000');
    expect(cssColorToHex('rgb(0, 128, 255)')).toBe('#0080ff');
    expect(cssColorToHex('rgba(0, 128, 255, 0.5)')).toBe('#0080ff');
    expect(cssColorToHex('rgba(0, 0, 0, 0)')).toBeUndefined();
    expect(cssColorToHex('Red')).toBe('#ff0000');
    expect(cssColorToHex('var(--x)')).toBeUndefined();
    expect(cssColorToHex('windowtext')).toBeUndefined();
  });
});
