import type { DatedItem } from '@soulpunch/shared';
import type { AppDeps } from '../../deps';
import { certificationDatedItems } from '../certification/dated-items';

/**
 * Whole-day items other modules own and the admin Calendar shows as they fall: certification renewal dates and
 * insurance expiries (the certification module, issue 26 parts 1-3). A source answers the items dated between two
 * days ('YYYY-MM-DD', both included) through its own service; the calendar stores none of them.
 */
export type DatedItemSource = (deps: AppDeps, from: string, to: string) => Promise<DatedItem[]>;

/** The sources the calendar asks: the certification module's renewal dates and insurance expiries. */
export const DATED_ITEM_SOURCES: readonly DatedItemSource[] = [certificationDatedItems];

export async function listOtherDatedItems(
  deps: AppDeps,
  from: string,
  to: string,
  sources: readonly DatedItemSource[] = DATED_ITEM_SOURCES,
): Promise<DatedItem[]> {
  const lists = await Promise.all(sources.map((source) => source(deps, from, to)));
  return lists
    .flat()
    .filter((item) => item.date >= from && item.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
}
