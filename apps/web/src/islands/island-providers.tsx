import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/app/error-boundary';
import { Toasts } from '@/app/providers';
import { cssVariablesResolver, theme } from '@/app/theme';

interface IslandProvidersProps {
  queryClient: QueryClient;
  /** One island of the page shows the toasts: several would show each toast several times. */
  withToasts: boolean;
  children: ReactNode;
}

/**
 * What every island needs of the app's providers, the same on the server and in the browser. Mantine's CSS
 * variables and global classes are the page's already (the server's page render wrote them once): an island's
 * provider does not write them again.
 */
export function IslandProviders({ queryClient, withToasts, children }: IslandProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {withToasts && <Toasts />}
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
