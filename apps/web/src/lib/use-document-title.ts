import { useEffect } from 'react';
import { inBrand } from './brand';

/** Sets the tab's title (in the brand's name) while the page is shown, and puts the previous one back after. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = inBrand(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
