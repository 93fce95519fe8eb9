import { useSearchParams } from 'react-router';

/** A positive integer from the address, else null. */
const positive = (raw: string | null): number | null => (raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * The library's place in the address (`?category&page`, as the API reads it), so a reload or a
 * shared link opens the same topic and page. `q` is the search text.
 */
export const useLibraryParams = () => {
  const [params, setParams] = useSearchParams();
  return {
    category: positive(params.get('category')),
    page: positive(params.get('page')) ?? 1,
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
