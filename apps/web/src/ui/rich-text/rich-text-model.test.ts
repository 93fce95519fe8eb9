import { RICH_TEXT_MAX_BLOCKS, richTextSchema } from '@crm/contract';
import { describe, expect, it } from 'vitest';
import { deserializeRichText, serializeRichText, toRichText } from './rich-text-model';

describe('toRichText', () => {
  it('keeps a valid tree as it is', () => {
    const tree = [
      { type: 'paragraph', children: [{ text: 'a', bold: true }, { text: 'b', color: '#ff0000', fontSize: '24px' }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'x', italic: true }] }] },
      { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'y', strikethrough: true }] }] },
    ];
    expect(toRichText(tree)).toEqual(tree);
  });

  it('drops unknown keys, false marks and the default colour and size', () => {
    const tree = toRichText([
      {
        type: 'paragraph',
        align: 'center',
        children: [{ text: 'a', bold: false, italic: true, color: '#000000', fontSize: '16px', href: 'x', code: true }],
      },
    ]);
    expect(tree).toEqual([{ type: 'paragraph', children: [{ text: 'a', italic: true }] }]);
  });

  it('drops a colour or size the schema refuses', () => {
    const tree = toRichText([{ type: 'paragraph', children: [{ text: 'a', color: 'red', fontSize: '15px' }] }]);
    expect(tree).toEqual([{ type: 'paragraph', children: [{ text: 'a' }] }]);
  });

  it('reshapes what the schema does not allow', () => {
    const tree = toRichText([
      { text: 'loose ' },
      { text: 'text', bold: true },
      { type: 'heading', children: [{ type: 'link', children: [{ text: 'in a link' }] }] },
      { type: 'list-item', children: [{ text: 'stray item' }] },
      {
        type: 'numbered-list',
        children: [
          { type: 'paragraph', children: [{ text: 'one' }] },
          { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'nested' }] }] },
        ],
      },
      { type: 'bulleted-list', children: [] },
    ]);
    expect(tree).toEqual([
      { type: 'paragraph', children: [{ text: 'loose ' }, { text: 'text', bold: true }] },
      { type: 'paragraph', children: [{ text: 'in a link' }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'stray item' }] }] },
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: 'one' }] },
          { type: 'list-item', children: [{ text: 'nested' }] },
        ],
      },
    ]);
    expect(richTextSchema.safeParse(tree).success).toBe(true);
  });

  it('joins leaves with the same marks and keeps one empty leaf in an empty block', () => {
    expect(
      toRichText([{ type: 'paragraph', children: [{ text: 'a', bold: true }, { text: '' }, { text: 'b', bold: true }] }]),
    ).toEqual([{ type: 'paragraph', children: [{ text: 'ab', bold: true }] }]);
    expect(toRichText([{ type: 'paragraph', children: [] }])).toEqual([
      { type: 'paragraph', children: [{ text: '' }] },
    ]);
  });

  it('gives one empty paragraph for nothing', () => {
    expect(toRichText([])).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
    expect(toRichText('nonsense')).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });

  it('joins blocks past the limit into the last one instead of losing them', () => {
    const many = Array.from({ length: RICH_TEXT_MAX_BLOCKS + 2 }, (_, index) => ({
      type: 'paragraph',
      children: [{ text: `p${index}` }],
    }));
    const tree = toRichText(many);
    expect(tree).toHaveLength(RICH_TEXT_MAX_BLOCKS);
    expect(tree[RICH_TEXT_MAX_BLOCKS - 1]).toEqual({
      type: 'paragraph',
      children: [{ text: `p${RICH_TEXT_MAX_BLOCKS - 1}\np${RICH_TEXT_MAX_BLOCKS}\np${RICH_TEXT_MAX_BLOCKS + 1}` }],
    });
    expect(richTextSchema.safeParse(tree).success).toBe(true);
  });
});

describe('serializeRichText', () => {
  it('is the empty string when every block is blank', () => {
    expect(serializeRichText([{ type: 'paragraph', children: [{ text: '' }] }])).toBe('');
    expect(
      serializeRichText([
        { type: 'paragraph', children: [{ text: '   ', bold: true }] },
        { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: ' ' }] }] },
      ]),
    ).toBe('');
  });

  it('is the JSON of the clean tree otherwise', () => {
    const value = serializeRichText([{ type: 'paragraph', children: [{ text: 'Hi', bold: true, extra: 1 }] }]);
    expect(JSON.parse(value)).toEqual([{ type: 'paragraph', children: [{ text: 'Hi', bold: true }] }]);
  });
});

describe('deserializeRichText', () => {
  it('reads a stored tree', () => {
    const tree = [{ type: 'paragraph', children: [{ text: 'Hi', color: '#00ff00' }] }];
    expect(deserializeRichText(JSON.stringify(tree))).toEqual(tree);
  });

  it('gives an empty paragraph for the empty string', () => {
    expect(deserializeRichText('')).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });

  it('cleans a tree the schema refuses and shows other strings as plain text', () => {
    expect(deserializeRichText(JSON.stringify([{ type: 'quote', children: [{ text: 'q' }] }]))).toEqual([
      { type: 'paragraph', children: [{ text: 'q' }] },
    ]);
    expect(deserializeRichText('line 1\nline 2')).toEqual([
      { type: 'paragraph', children: [{ text: 'line 1' }] },
      { type: 'paragraph', children: [{ text: 'line 2' }] },
    ]);
  });
});
