import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './error-boundary';
import { cssVariablesResolver, theme } from './theme';

// Toasts are never needed before a page is on screen: their container loads with the first toast (which waits in
// the store and appears when it has loaded). Loading it with every page brought its stylesheets after the page had
// been laid out, and the browser laid the whole page out again (about 200 ms at a slow phone's speed).
const ToastContainer = lazy(() =>
  import('@/components/toast-container').then((m) => ({ default: m.ToastContainer })),
);

/** Its own component: the state that mounts the container re-renders it alone, not the whole theme. */
export function Toasts() {
  // Once loaded it stays, so a toast can close with its transition.
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let stop = () => {};
    let stopped = false;
    // The store itself after the page, too: the public pages' first download is at its budget.
    void import('@/components/toast-store').then(({ notificationsStore }) => {
      if (stopped) return;
      const check = () => {
        const { notifications, queue } = notificationsStore.getState();
        if (notifications.length + queue.length > 0) setNeeded(true);
      };
      check();
      stop = notificationsStore.subscribe(check);
    });
    return () => {
      stopped = true;
      stop();
    };
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so every test starts with an empty cache. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <Toasts />
      <AppErrorBoundary>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
