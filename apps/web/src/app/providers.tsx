import { MantineProvider } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './error-boundary';
import { cssVariablesResolver, theme } from './theme';

// Toasts are never needed before a page is on screen: their container loads after it (a toast shown earlier
// waits in the store and appears when it has loaded).
const ToastContainer = lazy(() =>
  import('@/components/toast-container').then((m) => ({ default: m.ToastContainer })),
);

/** Its own component: the state that mounts the container re-renders it alone, not the whole theme. */
function Toasts() {
  const mounted = useMounted();
  return mounted ? (
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
