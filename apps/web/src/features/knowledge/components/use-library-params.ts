import { useSearchParams } from 'react-router';

/** A positive integer from the address, else null. */
const positive = (raw: string | null): number | null =>
  raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

/**
 * The library's place in the address (`?category&page`, as the API reads it, and `?article`, the
 * article being read), so a reload or a shared link opens the same topic, page and article.
 */
export const useLibraryParams = () => {
  const [params, setParams] = useSearchParams();
  return {
    category: positive(params.get('category')),
    page: positive(params.get('page')) ?? 1,
    article: positive(params.get('article')),
    /** Reads an article: the address names it until the reader closes. */
    setArticle: (article: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (article === null) next.delete('article');
          else next.set('article', String(article));
          return next;
        },
        // No history entry of its own: Back leaves the library, as before the article was read.
        { replace: true },
      ),
    /** Another page of the same topic; the first page is left out of the address. */
    setPage: (page: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      }),
    /** Another topic, from its first page. */
    setCategory: (category: number) => setParams({ category: String(category) }),
  };
};
