import { describe, expect, it } from 'vitest';
import { plural } from './plural';

const ARTICLE = ['статья', 'статьи', 'статей'] as const;

describe('plural', () => {
  it('picks the Russian form for a count', () => {
    expect([1, 21, 101].map((n) => plural(n, ARTICLE))).toEqual(['статья', 'статья', 'статья']);
    expect([2, 4, 23, 104].map((n) => plural(n, ARTICLE))).toEqual(['статьи', 'статьи', 'статьи', 'статьи']);
    expect([0, 5, 11, 12, 14, 20, 111, 1000].map((n) => plural(n, ARTICLE))).toEqual(Array(8).fill('статей'));
  });
});
