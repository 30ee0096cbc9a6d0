import './app/public-styles';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
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

/** Hydrates the server's page, or renders the app when the page came without one. */
function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The data a server-rendered page was made from (entry-server.tsx): the first render must match its HTML.
  const serverState = document.getElementById('server-state');
  if (!serverState?.textContent) {
    createRoot(container).render(app());
    return;
  }
  // Until hydrated, a tap would do nothing and typing would be lost: the page takes no pointer input yet.
  document.documentElement.dataset.hydrating = '';
  hydrate(queryClient, JSON.parse(serverState.textContent));
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
