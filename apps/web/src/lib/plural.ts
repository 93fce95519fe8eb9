/**
 * The Russian form of a noun for a count: `plural(n, ['статья', 'статьи', 'статей'])` — one,
 * a few (2–4, 22–24…), many (5–20, 25…, and 11–14).
 */
export const plural = (count: number, [one, few, many]: readonly [string, string, string]): string => {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  if (n >= 11 && n <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
};
