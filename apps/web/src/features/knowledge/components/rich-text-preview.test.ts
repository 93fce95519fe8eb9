import { describe, expect, it } from 'vitest';
import { richTextPreview } from './rich-text-preview';

describe('richTextPreview', () => {
  it('joins the blocks and list items into one line', () => {
    const value = JSON.stringify([
      { type: 'paragraph', children: [{ text: 'Важ', bold: true }, { text: 'но и просто' }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'раз' }] }, { type: 'list-item', children: [{ text: 'два' }] }] },
    ]);
    expect(richTextPreview(value)).toBe('Важно и просто раз два');
  });

  it('cuts a long text with an ellipsis and gives nothing for an empty or broken one', () => {
    const value = JSON.stringify([{ type: 'paragraph', children: [{ text: 'а'.repeat(200) }] }]);
    expect(richTextPreview(value, 10)).toBe(`${'а'.repeat(10)}…`);
    expect(richTextPreview('')).toBe('');
    expect(richTextPreview('{')).toBe('');
  });
});
