import { describe, expect, it } from 'vitest';
import { pageRange, type PagerItem } from './page-range';

/** The items as a pager reads them: numbers, and '…' for a gap. */
const labels = (items: PagerItem[]) => items.map((item) => (item.kind === 'page' ? item.page : '…'));

describe('pageRange (3 pages in range, 2 at the margins)', () => {
  it('shows nothing for one page or none', () => {
    expect(pageRange(1, 1)).toEqual([]);
    expect(pageRange(1, 0)).toEqual([]);
  });

  it('shows every page while they fit without a gap', () => {
    expect(labels(pageRange(1, 2))).toEqual([1, 2]);
    expect(labels(pageRange(3, 7))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the margins and a range of three around the current page', () => {
    expect(labels(pageRange(10, 20))).toEqual([1, 2, '…', 9, 10, 11, '…', 19, 20]);
    expect(labels(pageRange(6, 20))).toEqual([1, 2, '…', 5, 6, 7, '…', 19, 20]);
  });

  it('keeps the range three pages wide at either end', () => {
    expect(labels(pageRange(1, 20))).toEqual([1, 2, 3, '…', 19, 20]);
    expect(labels(pageRange(20, 20))).toEqual([1, 2, '…', 18, 19, 20]);
  });

  it('shows a single left-out page instead of a gap', () => {
    // 3 would be the only page between the margin and the range 4–6.
    expect(labels(pageRange(5, 20))).toEqual([1, 2, 3, 4, 5, 6, '…', 19, 20]);
    expect(labels(pageRange(4, 8))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('clamps a page out of bounds and honours other sizes', () => {
    expect(labels(pageRange(99, 10))).toEqual([1, 2, '…', 8, 9, 10]);
    expect(labels(pageRange(10, 20, { range: 5, margin: 1 }))).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
  });

  it('gives every gap its own key', () => {
    const gaps = pageRange(10, 20).filter((item) => item.kind === 'gap');
    expect(new Set(gaps.map((gap) => (gap.kind === 'gap' ? gap.key : ''))).size).toBe(2);
  });
});
