import { describe, expect, it } from 'vitest';
import { isBlankRichText, parseRichText, richTextJson } from './rich-text.js';

describe('rich text', () => {
  const para = (text: string) => ({ type: 'paragraph' as const, children: [{ text }] });

  it('parses a valid tree and nothing else', () => {
    expect(parseRichText(JSON.stringify([para('Позвонить')]))).toEqual([para('Позвонить')]);
    expect(parseRichText('')).toBeNull();
    expect(parseRichText('{')).toBeNull();
    expect(parseRichText(JSON.stringify([{ type: 'quote', children: [{ text: 'x' }] }]))).toBeNull();
  });

  it('tells a blank text (every block empty or spaces) from a real one', () => {
    expect(isBlankRichText([para(''), { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: ' ' }] }] }])).toBe(true);
    expect(isBlankRichText([para(''), { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'a' }] }] }])).toBe(false);
  });

  it('accepts the empty string or a JSON string of a tree as a field', () => {
    const field = richTextJson();
    expect(field.safeParse('').success).toBe(true);
    expect(field.safeParse(JSON.stringify([para('x')])).success).toBe(true);
    expect(field.safeParse([para('x')]).success).toBe(false);
    expect(field.safeParse('[1]').error?.issues[0]?.message).toBe('Некорректный формат текста (0)');
  });
});
