import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DirectoryFilters,
  EMPTY_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
} from './directory-filters';

/**
 * The filters live in the page address (?q=&state=&location=...), so a filtered directory can be shared or
 * bookmarked, and /public/find-trainer?location=Chicago arrives already filtered.
 */
export function useDirectoryFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<DirectoryFilters>) => {
      setSearchParams(
        (current) => filtersToSearchParams({ ...filtersFromSearchParams(current), ...changes }),
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const reset = useCallback(() => {
    setSearchParams(filtersToSearchParams(EMPTY_FILTERS), { replace: true, preventScrollReset: true });
  }, [setSearchParams]);

  return { filters, update, reset };
}
