import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * The route table with every page already loaded: the app loads pages on demand, but a test renders the page at
 * once, as before, and only waits for what the page itself waits for.
 */
async function withPagesLoaded(list: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    list.map(async ({ lazy, children, ...route }) => {
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      const nested = children ? { children: await withPagesLoaded(children) } : {};
      return { ...route, ...loaded, ...nested } as RouteObject;
    }),
  );
}
const loadedRoutes = await withPagesLoaded(routes);

/** Renders the whole app (real providers, real route table) at `path`, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient, currentPath: () => router.state.location.pathname };
}
