import { useCallback, useEffect, useMemo, useRef } from 'react';
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

  // The router's functional update starts from the address of the last render, not of the last request: two
  // changes before the next render (a filter picked and a delayed search landing, as when a page that was
  // filled in before it came alive takes its fields) would drop the first. So each request builds on the one
  // before until the address has caught up.
  const requested = useRef<DirectoryFilters | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes, which it does not read
  useEffect(() => {
    requested.current = null;
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<DirectoryFilters>) => {
      setSearchParams(
        (current) => {
          const next = { ...(requested.current ?? filtersFromSearchParams(current)), ...changes };
          requested.current = next;
          return filtersToSearchParams(next);
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const reset = useCallback(() => {
    requested.current = EMPTY_FILTERS;
    setSearchParams(filtersToSearchParams(EMPTY_FILTERS), { replace: true, preventScrollReset: true });
  }, [setSearchParams]);

  return { filters, update, reset };
}
