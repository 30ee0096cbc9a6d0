import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { type CollectedIsland, IslandCollectorContext, islandMarker } from './island';
import { IslandProviders } from './island-providers';

/**
 * A page rendered as islands on the server: the page's own render leaves a marker in each island's element, and
 * each island is then rendered as the root the browser will hydrate (its providers, its router at the page's
 * address, its id prefix), and put in place of its marker.
 */
export function renderWithIslands(page: ReactNode, url: URL, queryClient: QueryClient): string {
  const islands: CollectedIsland[] = [];
  let html = renderToString(<IslandCollectorContext value={islands}>{page}</IslandCollectorContext>);
  islands.forEach((island, index) => {
    const islandHtml = renderToString(
      <StrictMode>
        <IslandProviders queryClient={queryClient} withToasts={index === 0}>
          <StaticRouter location={`${url.pathname}${url.search}`}>{island.element}</StaticRouter>
        </IslandProviders>
      </StrictMode>,
      { identifierPrefix: island.prefix },
    );
    html = html.replace(islandMarker(index), () => islandHtml);
  });
  return html;
}
