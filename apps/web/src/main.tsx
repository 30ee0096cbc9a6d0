import './app/public-styles';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { firstPageLive } from './app/page-ready';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { chromeDependsOnViewer } from './app/shell-rules';
import { sessionQueryOptions } from './features/auth';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();

/** The page's own code, loaded before hydrating, so the router's first render is the page and not a loader. */
async function loadCurrentPage() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

function app() {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
}

/**
 * The first render must be the server's, from the same answers at the same moment. An answer older than its
 * staleTime (the server keeps a page for up to a minute; this device's clock may run ahead of the server's) would
 * otherwise start refetching as the page mounts and render as fetching (a loading 'Show More Classes'), which the
 * server's HTML was not: React throws that HTML away (error #418) and renders the page again. So nothing refetches
 * on mount until the page is live; then the stale answers are refreshed.
 */
function renderFirstFromServerSnapshot() {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, refetchOnMount: false } });
  firstPageLive.then(() => {
    queryClient.setDefaultOptions(defaults);
    void queryClient.refetchQueries({ type: 'active', stale: true });
  });
}

/** Hydrates the server's page, or renders the app when the page came without one. */
function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The data a server-rendered page was made from (entry-server.tsx): the first render must match its HTML.
  const serverState = document.getElementById('server-state');
  if (!serverState?.textContent) {
    // A page rendered here is one behind a sign-in: who is looking is asked at once, beside the page's code,
    // rather than once that code has loaded and rendered (a round trip a phone on slow 4G feels).
    if (chromeDependsOnViewer(window.location.pathname))
      void queryClient.prefetchQuery(sessionQueryOptions());
    createRoot(container).render(app());
    return;
  }
  // Until hydrated, a tap would do nothing: the page takes no pointer input yet, except in its forms, which the
  // browser submits itself (to the server's fallback) and whose typed text the page takes on (useEarlyInput).
  document.documentElement.dataset.hydrating = '';
  hydrate(queryClient, JSON.parse(serverState.textContent));
  renderFirstFromServerSnapshot();
  loadCurrentPage().then(
    // As a transition: React may yield to the browser while it hydrates.
    () =>
      startTransition(() => {
        hydrateRoot(container, app());
      }),
    // A page whose code cannot load (a new deployment): the router shows its error screen.
    () => createRoot(container).render(app()),
  );
}

// The script is async (vite.config.ts), so it may run before the page has been read to its end.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
