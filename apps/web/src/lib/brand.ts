import { type Brand, DEFAULT_BRAND } from '@soulpunch/shared';

/**
 * The brand a page was sent with (decision record 0016): the server puts it in every page it sends (#brand-state,
 * only when it is not the default one) and gives it to its renderer, so the server's markup and the browser's
 * first render agree. Read once per page load: a change shows from the next page load.
 */
let serverBrand: Brand | undefined;
let sentBrand: Brand | undefined;

/** The server's renderer (entry-server.tsx), before rendering a page. */
export function setServerBrand(brand: Brand | undefined) {
  serverBrand = brand;
}

export function pageBrand(): Brand {
  if (typeof document === 'undefined') return serverBrand ?? DEFAULT_BRAND;
  if (!sentBrand) {
    const state = document.getElementById('brand-state')?.textContent;
    sentBrand = state ? { ...DEFAULT_BRAND, ...(JSON.parse(state) as Partial<Brand>) } : DEFAULT_BRAND;
  }
  return sentBrand;
}

/** The brand a settings page just saved: this page shows it from now on (other pages from their next load). */
export function setPageBrand(brand: Brand) {
  sentBrand = brand;
}

/** Forgets the brand this page holds, as a new page load would (the component tests share one page). */
export function forgetPageBrand() {
  sentBrand = undefined;
}

/** A title written with the default brand's name, in the brand's. */
export const inBrand = (text: string) => text.replaceAll(DEFAULT_BRAND.name, pageBrand().name);
