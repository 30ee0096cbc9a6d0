import { type ReactNode, useLayoutEffect, useState } from 'react';
import { createPath, type Location, type Navigator, Router, type To } from 'react-router';

/** Tells every island's router on the page that one of them changed the address. */
const ADDRESS_CHANGED = 'island:address';

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

function resolve(to: To): URL {
  return new URL(typeof to === 'string' ? to : createPath(to), window.location.href);
}

/**
 * Where an island may go: within its page (the directory's filters, the classes' filters) it changes the address
 * in place, as React Router would; anywhere else is another page, loaded in full (with its own HTML and entry).
 */
export function islandNavigate(to: To, state: unknown, replace: boolean): boolean {
  const url = resolve(to);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) {
    if (replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return false;
  }
  const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10) };
  const href = `${url.pathname}${url.search}${url.hash}`;
  if (replace) window.history.replaceState(entry, '', href);
  else window.history.pushState(entry, '', href);
  window.dispatchEvent(new Event(ADDRESS_CHANGED));
  return true;
}

const navigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  encodeLocation: (to) => {
    const url = resolve(to);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  },
  go: (delta) => window.history.go(delta),
  push: (to, state) => islandNavigate(to, state, false),
  replace: (to, state) => islandNavigate(to, state, true),
};

/** An island's router in the browser: the address of this page, and no way off it but a full page load. */
export function IslandRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  // A layout effect: listening before the island's own (passive) effects run, which may already change the
  // address (a filter picked before the page came alive, taken as the page mounts: lib/use-early-input.ts).
  useLayoutEffect(() => {
    const follow = () => setLocation(currentLocation());
    window.addEventListener('popstate', follow);
    window.addEventListener(ADDRESS_CHANGED, follow);
    return () => {
      window.removeEventListener('popstate', follow);
      window.removeEventListener(ADDRESS_CHANGED, follow);
    };
  }, []);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
