// The server's renderer of the public pages (built by `vite build --ssr`, loaded by the API server): the page's
// HTML with its data, so a visitor sees trainers and classes before any JavaScript runs, and the browser then
// hydrates the same tree (main.tsx) from the data sent along. Decision record 0007.
import type { Brand } from '@soulpunch/shared';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { isIslandPage } from './islands/island-pages';
import { renderWithIslands } from './islands/render-islands';
import { setApiFetch } from './lib/api-client';
import { setServerBrand } from './lib/brand';
import { createQueryClient } from './lib/query-client';
import serverRenderedPages from './server-rendered-pages.json';

/**
 * The pages rendered on the server (the same for every visitor, whoever is signed in), each with its page
 * module under src/features as router.tsx loads it: the server links that module's stylesheets from the build
 * manifest, so the page is styled before any script runs. The bundle budget (scripts/bundle-budget.mjs) measures
 * the same list.
 */
const SERVER_RENDERED: Record<string, string> = serverRenderedPages;

/**
 * Only answers that are the same for everyone are fetched for a page. The session only for a request that
 * carries no session cookie: it is then surely a visitor's ({ user: null }); a signed-in person's browser asks
 * for its own, and until it has it the page shows what it shows while loading, as it did before.
 */
function isPublicQuery(query: Query, visitor: boolean): boolean {
  const [scope, kind] = query.queryKey as readonly unknown[];
  if (scope === 'public-trainers' || scope === 'map-tiles' || scope === 'certificates') return true;
  if (scope === 'auth' && kind === 'session') return visitor;
  return scope === 'classes' && (kind === 'public' || kind === 'detail');
}

/** A page's render passes: each fetches what the previous one asked for (the cards, then nothing more). */
const MAX_PASSES = 3;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache the page was rendered from, for the browser to hydrate with (JSON). */
  state: string;
  /** The page's module, as the web build's manifest names it ('src/features/...'). */
  pageModule: string;
  /** 'islands': the page is hydrated by its islands (src/islands.tsx), not by the whole app (decision 0013). */
  entry: 'app' | 'islands';
}

const leafRouteOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;

/** The page module of a server-rendered page, undefined for the others. */
function pageModuleOf(pathname: string): string | undefined {
  const leaf = leafRouteOf(pathname);
  const page = leaf !== undefined && Object.hasOwn(SERVER_RENDERED, leaf) ? SERVER_RENDERED[leaf] : undefined;
  return page && `src/features/${page}`;
}

export function isServerRendered(pathname: string): boolean {
  return pageModuleOf(pathname) !== undefined;
}

const handler = createStaticHandler(routes);

export interface RenderOptions {
  /** Answers the page's API calls, without the request's cookies. */
  fetchApi: typeof fetch;
  /** True when the request carries no session cookie. */
  visitor: boolean;
  /** The brand the page shows (its name and logo in the header, the footer's name). */
  brand?: Brand;
}

/**
 * The page at `url`, or null when it is not one of the server-rendered pages or its data could not be read
 * (the browser then renders it as before).
 */
export async function renderPage(
  url: URL,
  { fetchApi, visitor, brand }: RenderOptions,
): Promise<RenderedPage | null> {
  const pageModule = pageModuleOf(url.pathname);
  if (!pageModule) return null;
  setApiFetch(fetchApi);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* The router's state travels in main.tsx's own way: its inline script would break the CSP. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  const islands = isIslandPage(leafRouteOf(url.pathname) ?? '');
  // Set before each (synchronous) render: renders of other pages may run between this page's passes.
  const render = () => {
    setServerBrand(brand);
    return islands ? renderWithIslands(page, url, queryClient) : renderToString(page);
  };

  let html = render();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const wanted = waitingQueries(queryClient, visitor);
    if (wanted.length === 0) break;
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
    if (wanted.some((query) => query.state.status === 'error')) return null;
    html = render();
  }
  return {
    html,
    pageModule,
    entry: islands ? 'islands' : 'app',
    state: JSON.stringify(
      dehydrate(queryClient, { shouldDehydrateQuery: (query) => isPublicQuery(query, visitor) }),
    ),
  };
}

/** Queries the render created but could not run (effects do not run on the server). */
function waitingQueries(queryClient: QueryClient, visitor: boolean): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        // No observer subscribes on the server, so a query's own options say whether the page wants it now.
        (query.options as { enabled?: unknown }).enabled !== false &&
        isPublicQuery(query, visitor),
    );
}
