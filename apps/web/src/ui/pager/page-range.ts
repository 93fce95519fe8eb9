/** A pager's item: a page number, or a gap ('…') standing for the pages left out. */
export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

export type PageRangeOptions = {
  /** Pages shown around the current one (docs/product.md §4.12: 3). */
  range?: number;
  /** Pages always shown at each end (docs/product.md §4.12: 2). */
  margin?: number;
};

/**
 * The numbers a pager shows for `current` of `last` pages: `margin` pages at each end, `range`
 * pages around the current one (kept at full width near the ends), and a gap wherever pages are
 * left out. A gap never stands for a single page: that page is shown instead. One page or none:
 * nothing (the pager is shown only with more than one page).
 */
export const pageRange = (current: number, last: number, { range = 3, margin = 2 }: PageRangeOptions = {}): PagerItem[] => {
  if (last <= 1) return [];
  const page = Math.min(Math.max(1, current), last);
  // The window of `range` pages, centred on the current page and slid back inside 1..last.
  let start = page - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > last) {
    start = Math.max(1, start - (end - last));
    end = last;
  }
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, last); p += 1) shown.add(p);
  for (let p = Math.max(1, last - margin + 1); p <= last; p += 1) shown.add(p);
  for (let p = start; p <= end; p += 1) shown.add(p);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
};
