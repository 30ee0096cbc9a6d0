import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearchParams, type TrainerListFilters } from '../../api/trainer-list-filters';

export const SEARCH_DEBOUNCE_MS = 300;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The trainer list's state lives in the URL (q, paymentStatus, onboardingStatus, band, page), so links
 * from the dashboard, reloads and the back button all keep it. The search box writes q after a pause.
 */
export function useListSearchParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const page = pageFrom(params);

  const urlQuery = params.get('q') ?? '';
  const [searchText, setSearchText] = useState(urlQuery);
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  // The q this hook last wrote: any other q in the URL came from outside (a link, Back) and refills the box.
  const writtenQuery = useRef(urlQuery);

  useEffect(() => {
    if (urlQuery !== writtenQuery.current) {
      writtenQuery.current = urlQuery;
      setSearchText(urlQuery);
    }
  }, [urlQuery]);

  useEffect(() => {
    const next = debouncedSearch.trim();
    if (next === writtenQuery.current.trim()) return;
    writtenQuery.current = next;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('q', next);
        else updated.delete('q');
        updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  }, [debouncedSearch, setParams]);

  function update(change: (params: URLSearchParams) => void, options: { replace?: boolean } = {}) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      change(updated);
      return updated;
    }, options);
  }

  return {
    filters,
    page,
    searchText,
    setSearchText,
    setPage: (next: number) => update((p) => (next > 1 ? p.set('page', String(next)) : p.delete('page'))),
    removeFilter: (key: Exclude<keyof TrainerListFilters, 'q'>) =>
      update((p) => {
        p.delete(key);
        p.delete('page');
      }),
    clearFilters: () =>
      update((p) => {
        for (const key of ['paymentStatus', 'onboardingStatus', 'band', 'page']) p.delete(key);
      }),
  };
}
