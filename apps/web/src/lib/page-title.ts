import { useEffect } from 'react';

/** Sets document.title to the page's Russian title, exactly as docs/product.md §2.2 names it. */
export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    document.title = title;
  }, [title]);
};
