const KEY = 'soulpunch.returnTo';

/** Same-site paths only, so a crafted link cannot send a signed-in person elsewhere. */
export function isSafeReturnPath(path: string | null): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/** Keeps the current page so sign-in can come back to it (the e-mailed document link). */
export function rememberReturnPath(path = `${window.location.pathname}${window.location.search}`): void {
  if (isSafeReturnPath(path)) sessionStorage.setItem(KEY, path);
}

/** The remembered page, once: it is forgotten as it is read. */
export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return isSafeReturnPath(path) ? path : null;
}
