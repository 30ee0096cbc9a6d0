import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { showNewestToastAtOnce } from '@/components/toasts';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './error-boundary';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so every test starts with an empty cache. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => showNewestToastAtOnce(), []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      {/* Spec 9: one toast at a time, shown for 5000 ms; a newer one takes its place at once. */}
      <Notifications limit={1} autoClose={5000} position="top-right" />
      <AppErrorBoundary>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
