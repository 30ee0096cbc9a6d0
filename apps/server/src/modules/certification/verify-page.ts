import { verifyPathForTyped } from '@soulpunch/shared';

/**
 * The addresses of the public verify page (decision record 0015) the server answers with a redirect: the QR codes
 * of signed documents issued before the certificates' page took /verify (/verify?id=...&code=...: the document
 * check, now /verify-document), and the verify form sent without a script (/verify?number=...: the
 * certificate's own page).
 */
export function verifyPageRedirect(url: string): { location: string; status: 301 | 303 } | null {
  const at = url.indexOf('?');
  if (at < 0 || url.slice(0, at) !== '/verify') return null;
  const query = url.slice(at + 1);
  const params = new URLSearchParams(query);
  if (params.has('id')) return { location: `/verify-document?${query}`, status: 301 };
  const typed = params.get('number');
  if (typed === null) return null;
  return { location: typed.trim() ? verifyPathForTyped(typed) : '/verify', status: 303 };
}

/**
 * A certificate's verify page: a look-up, rendered for each visitor rather than kept with the public pages, so
 * that it counts against the visitor's own address and made-up numbers cannot push the public pages out of the
 * cache.
 */
export const isCertificateLookupPage = (pathname: string) => /^\/verify\/[^/]+$/.test(pathname);
