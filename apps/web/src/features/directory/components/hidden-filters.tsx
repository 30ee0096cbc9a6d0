import { type DirectoryFilters, FILTER_KEYS } from '../directory-filters';

/**
 * The filters a directory form has no field for, so that submitting it keeps them: the filter and distance forms
 * are real forms, which a browser submits itself (to the page's address) before the page's script has run.
 */
export function HiddenFilters({
  filters,
  except,
}: {
  filters: DirectoryFilters;
  except: readonly (keyof DirectoryFilters)[];
}) {
  return FILTER_KEYS.filter((key) => !except.includes(key) && filters[key]).map((key) => (
    <input key={key} type="hidden" name={key} value={filters[key]} />
  ));
}
