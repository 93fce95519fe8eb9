import { describe, expect, it } from 'vitest';
import { excerptAround, findMatches, splitByMatches } from './search-highlight';

describe('findMatches', () => {
  it('finds a Cyrillic substring whatever its case', () => {
    expect(findMatches('Анна Иванова', 'ива')).toEqual([[5, 8]]);
    expect(findMatches('анна ИВАНОВА', 'Ива')).toEqual([[5, 8]]);
  });

  it('finds every occurrence of a Latin word in the middle of words', () => {
    expect(findMatches('Banana bandana', 'an')).toEqual([
      [1, 5],
      [8, 10],
      [11, 13],
    ]);
  });

  it('matches each word of the query and merges what overlaps', () => {
    expect(findMatches('Иван Петров', 'петров иван')).toEqual([
      [0, 4],
      [5, 11],
    ]);
    expect(findMatches('Alexander', 'alex xand')).toEqual([[0, 7]]);
  });

  it('finds the digits of a phone across its separators', () => {
    expect(findMatches('+380 67 123-45-67', '6712345')).toEqual([[5, 14]]);
    expect(findMatches('+380671234567', '(067) 123')).toEqual([[3, 9]]);
  });

  it('does not look for digits when the query has letters', () => {
    expect(findMatches('+380 67 123', 'a 67')).toEqual([[5, 7]]);
  });

  it('finds nothing for a blank query, an empty text or a miss', () => {
    expect(findMatches('Анна', '   ')).toEqual([]);
    expect(findMatches('', 'анна')).toEqual([]);
    expect(findMatches('Анна', 'олег')).toEqual([]);
  });
});

describe('splitByMatches', () => {
  it('cuts the text into plain and matched parts in order', () => {
    expect(splitByMatches('Мария Смирнова', 'мир')).toEqual([
      { text: 'Мария С', match: false },
      { text: 'мир', match: true },
      { text: 'нова', match: false },
    ]);
    expect(splitByMatches('Олег', 'олег')).toEqual([{ text: 'Олег', match: true }]);
    expect(splitByMatches('Олег', '')).toEqual([{ text: 'Олег', match: false }]);
  });
});

describe('excerptAround', () => {
  it('keeps a short text whole, spaces folded', () => {
    expect(excerptAround('звонить\n после  обеда', 'обед')).toBe('звонить после обеда');
  });

  it('cuts a long text around the first match', () => {
    const text = `${'а'.repeat(100)} instagram ${'б'.repeat(100)}`;
    const excerpt = excerptAround(text, 'gram', 10);
    expect(excerpt).toBe(`…${'а'.repeat(4)} instagram ${'б'.repeat(9)}…`);
  });

  it('shows the start of a long text without a match', () => {
    expect(excerptAround('в'.repeat(50), 'г', 10)).toBe(`${'в'.repeat(20)}…`);
  });
});
