// The server's renderer of the public pages (built by `vite build --ssr`, loaded by the API server): the page's
// HTML with its data, so a visitor sees trainers and classes before any JavaScript runs, and the browser then
// hydrates the same tree (main.tsx) from the data sent along. Decision record 0007; the pages behind a sign-in,
// rendered for the person who asks: decision record 0026.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Brand, type SessionUser, seesAdminArea } from '@soulpunch/shared';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { sessionQueryOptions } from './features/auth';
import { portalAccessFor } from './features/trainer-portal/portal-access';
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

/**
 * A page's render passes: each fetches what the previous one asked for (the cards, then nothing more). A page
 * behind a sign-in needs more: the session, the frame's code, the page's answers, the answers they lead to.
 */
const MAX_PASSES = 6;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache the page was rendered from, for the browser to hydrate with (JSON). */
  state: string;
  /** The page's modules, as the web build's manifest names them ('src/features/...'): their stylesheets. */
  pageModules: string[];
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

/** Who a page behind a sign-in is for, and the modules whose stylesheets it needs. */
interface SignedInPage {
  modules: string[];
  admits: (user: SessionUser) => boolean;
}

// With the page's module, its frame and the whole of Mantine's styles, which its code loads (router.tsx).
const ALL_STYLES = 'src/app/all-styles.ts';
const portalPage = (route: string): SignedInPage => ({
  modules: [`src/app/routes/${route}`, 'src/app/layouts/portal-frame-header.tsx', ALL_STYLES],
  admits: (user) => portalAccessFor(user).kind === 'allow',
});
const adminPage = (page: string): SignedInPage => ({
  modules: [`src/features/admin/components/${page}`, 'src/app/layouts/admin-shell.tsx', ALL_STYLES],
  admits: seesAdminArea,
});

/**
 * The pages behind a sign-in rendered for the person who asks, by exact path: whom the page's own guard lets in
 * (TrainerPortalGate, RequireAdmin). Anyone else's page is left to the browser, which sends them where the guard
 * says.
 */
const SIGNED_IN_RENDERED: Record<string, SignedInPage> = {
  '/trainer-portal/dashboard': portalPage('trainer-dashboard-route.tsx'),
  '/trainer-portal/profile': portalPage('trainer-profile-route.tsx'),
  // Its days and 'upcoming' count from when its classes were read until mounted (decision record 0029).
  '/trainer-portal/calendar': portalPage('trainer-calendar-route.tsx'),
  '/admin': adminPage('dashboard/dashboard-page.tsx'),
  '/admin/trainers': adminPage('trainer-list/trainer-list-page.tsx'),
};

/** The page behind a sign-in at exactly this path, undefined for the others. */
function signedInPageAt(pathname: string): SignedInPage | undefined {
  return Object.hasOwn(SIGNED_IN_RENDERED, pathname) ? SIGNED_IN_RENDERED[pathname] : undefined;
}

export function isRenderedForViewer(pathname: string): boolean {
  return signedInPageAt(pathname) !== undefined;
}

/**
 * The API calls of the render under way: each render's own (a signed-in page's carry that request's cookie), so
 * that renders interleaving over their awaits never answer one page's calls with another's fetch.
 */
const renderFetch = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => {
  const fetchApi = renderFetch.getStore();
  if (!fetchApi) throw new Error('an API call outside a page render');
  return fetchApi(input, init);
});
let rendersRunning = 0;

/**
 * Runs a render with its fetch, and turns renderFetch off once no render runs: while it is on, Node runs its hook
 * for every promise and async resource, each request's among them (decision record 0024). A render turns it on
 * again.
 */
function withRenderFetch<T>(fetchApi: typeof fetch, render: () => Promise<T>): Promise<T> {
  rendersRunning++;
  return renderFetch.run(fetchApi, render).finally(() => {
    rendersRunning--;
    if (rendersRunning === 0) renderFetch.disable();
  });
}

const handler = createStaticHandler(routes);

export interface RenderOptions {
  /** Answers the page's API calls (a public page's without the request's cookies). */
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
  const islands = isIslandPage(leafRouteOf(url.pathname) ?? '');
  const wants = (query: Query) => isPublicQuery(query, visitor);
  const queryClient = createQueryClient();
  const html = await withRenderFetch(fetchApi, () =>
    renderRoutes(url, queryClient, { brand, islands, wants, waitForCode: false }),
  );
  if (html === null) return null;
  return {
    html,
    pageModules: [pageModule],
    entry: islands ? 'islands' : 'app',
    state: JSON.stringify(dehydrate(queryClient, { shouldDehydrateQuery: wants })),
  };
}

/**
 * A page behind a sign-in, rendered for the person whose calls `fetchApi` makes (it carries their session cookie:
 * every answer passes the API's own access rules, as the browser's calls do). Null, so that nothing of it is sent,
 * when the page's guard would not show it to them (no session, another role, a portal access that redirects),
 * when any of its calls failed, or when a part of it was left to the browser.
 */
export async function renderSignedInPage(
  url: URL,
  { fetchApi, brand }: Omit<RenderOptions, 'visitor'>,
): Promise<RenderedPage | null> {
  const page = signedInPageAt(url.pathname);
  if (!page) return null;
  const queryClient = createQueryClient();
  const html = await withRenderFetch(fetchApi, async () => {
    // Who is asking, first: the page is not even rendered for a person its guard would send away.
    const { user } = await queryClient.fetchQuery(sessionQueryOptions()).catch(() => ({ user: null }));
    if (!user || !page.admits(user)) return null;
    return renderRoutes(url, queryClient, { brand, islands: false, wants: () => true, waitForCode: true });
  });
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status !== 'success');
  // A boundary React could not finish on the server ('<!--$!-->') would be rendered by the browser after all.
  if (html === null || failed || html.includes('<!--$!-->')) return null;
  return {
    html,
    pageModules: page.modules,
    entry: 'app',
    // Every answer in the cache is one of this person's own calls.
    state: JSON.stringify(dehydrate(queryClient)),
  };
}

interface RenderRoutesOptions {
  brand?: Brand | undefined;
  islands: boolean;
  /** The queries the page is rendered with. */
  wants: (query: Query) => boolean;
  /** Render again once a lazy component's code has arrived (a signed-in page's frame), not leave it to the browser. */
  waitForCode: boolean;
}

/**
 * Renders the routes at `url` until the page has its data in `queryClient`: each pass fetches what the previous
 * one asked for and `wants`. Null when the page's data could not be read.
 */
async function renderRoutes(
  url: URL,
  queryClient: QueryClient,
  { brand, islands, wants, waitForCode }: RenderRoutesOptions,
): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* The router's state travels in main.tsx's own way: its inline script would break the CSP. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  // Set before each (synchronous) render: renders of other pages may run between this page's passes.
  const render = () => {
    setServerBrand(brand);
    return islands ? renderWithIslands(page, url, queryClient) : renderToString(page);
  };

  let html = render();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const wanted = waitingQueries(queryClient, wants);
    const suspended = waitForCode && html.includes('<!--$!-->');
    if (wanted.length === 0 && !suspended) break;
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
    if (wanted.some((query) => query.state.status === 'error')) return null;
    // A lazy component's code, asked for by this pass, is ready after a turn of the event loop.
    if (suspended) await new Promise((resolve) => setTimeout(resolve, 0));
    html = render();
  }
  return html;
}

/** Queries the render created but could not run (effects do not run on the server). */
function waitingQueries(queryClient: QueryClient, wants: (query: Query) => boolean): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        // No observer subscribes on the server, so a query's own options say whether the page wants it now.
        (query.options as { enabled?: unknown }).enabled !== false &&
        wants(query),
    );
}
