import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The data a server-rendered page was made from (entry-server.tsx): the first render must match its HTML. */
const serverState = document.getElementById('server-state');
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

/** Marks the page live once React has committed it: the server's HTML is now the app (index.html's style). */
function AppReady() {
  useEffect(() => {
    const root = document.documentElement;
    delete root.dataset.hydrating;
    root.dataset.appReady = '';
  }, []);
  return null;
}

function app() {
  return (
    <StrictMode>
      <AppReady />
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
}

if (serverState?.textContent) {
  // Until hydrated, a tap would do nothing and typing would be lost: the page takes no pointer input yet.
  document.documentElement.dataset.hydrating = '';
  hydrate(queryClient, JSON.parse(serverState.textContent));
  loadCurrentPage().then(
    () => hydrateRoot(container, app()),
    // A page whose code cannot load (a new deployment): the router shows its error screen.
    () => createRoot(container).render(app()),
  );
} else {
  createRoot(container).render(app());
}
