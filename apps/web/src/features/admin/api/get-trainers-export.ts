import { filtersQueryString, type TrainerListFilters } from './trainer-list-filters';

/** GET /api/trainers/export answers a CSV attachment, so the browser downloads it from a plain link. */
export function trainersExportUrl(filters: TrainerListFilters): string {
  const query = filtersQueryString(filters);
  return query ? `/api/trainers/export?${query}` : '/api/trainers/export';
}
