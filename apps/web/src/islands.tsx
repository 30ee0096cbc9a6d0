// The entry of the server-rendered public pages sent as islands (decision record 0013): only the parts a person
// can act on are hydrated, each as its own root; the rest of the page stays the server's HTML, and a link to
// another page loads that page. The full app (main.tsx) is what the signed-in pages and the others load.
import { hydrate } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { firstPageLive, markPageLive } from './app/page-ready';
import { islandLoaders } from './islands/island-loaders';
import { ISLAND_NAMES, type IslandName, ROUTED_ISLANDS } from './islands/island-names';
import { IslandProviders } from './islands/island-providers';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();

/** As main.tsx: the first render is the server's snapshot; stale answers are refreshed once the page is live. */
function renderFirstFromServerSnapshot() {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, refetchOnMount: false } });
  firstPageLive.then(() => {
    queryClient.setDefaultOptions(defaults);
    void queryClient.refetchQueries({ type: 'active', stale: true });
  });
}

/** Calls back once its island has committed. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

const isIslandName = (name: string | undefined): name is IslandName =>
  ISLAND_NAMES.some((known) => known === name);

async function islandContent(name: IslandName, props: object): Promise<ReactNode> {
  const [Component, router] = await Promise.all([
    islandLoaders[name]() as Promise<ComponentType<object>>,
    ROUTED_ISLANDS.has(name) ? import('./islands/island-router') : undefined,
  ]);
  const content = <Component {...props} />;
  return router ? <router.IslandRouter>{content}</router.IslandRouter> : content;
}

function start() {
  const serverState = document.getElementById('server-state');
  if (serverState?.textContent) hydrate(queryClient, JSON.parse(serverState.textContent));
  renderFirstFromServerSnapshot();
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const waiting = new Set(elements);
  // Once per island (StrictMode runs a development build's effects twice).
  const committed = (element: HTMLElement) => () => {
    if (waiting.delete(element) && waiting.size === 0) markPageLive();
  };
  if (waiting.size === 0) markPageLive();
  else document.documentElement.dataset.hydrating = '';
  elements.forEach((element, index) => {
    const name = element.dataset.island;
    const done = committed(element);
    // An island this build does not know, or whose code cannot load (a new deployment), stays the server's HTML,
    // whose links and forms work without it: the rest of the page still comes alive.
    if (!isIslandName(name)) {
      done();
      return;
    }
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    islandContent(name, props).then(
      (content) =>
        // As a transition: React may yield to the browser between islands and within one.
        startTransition(() => {
          hydrateRoot(
            element,
            <StrictMode>
              <IslandProviders queryClient={queryClient} withToasts={index === 0}>
                {content}
                <Committed onCommit={done} />
              </IslandProviders>
            </StrictMode>,
            { identifierPrefix: element.dataset.islandPrefix ?? '' },
          );
        }),
      done,
    );
  });
}

// Started by /start-app.js after the page has been painted; the page may not have been read to its end yet.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
