import { Button, Container, Group } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { getErrorMessage } from '@/lib/api-client';
import { PageReady } from '../page-ready';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status}: ${error.statusText}`;
  return getErrorMessage(error);
}

/** Error element for the root and for each section, so a broken screen keeps the rest of the app usable. */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  return (
    // Standalone at the root, where the layout that provides <main> is itself what failed.
    <Container component={standalone ? 'main' : 'div'} size="sm" py="xl">
      <ErrorView
        title="Something went wrong"
        message={describe(error)}
        actions={
          <Group justify="center">
            <Button onClick={() => window.location.reload()}>Reload Page</Button>
            <Button component={Link} to="/" variant="default">
              Back to Home
            </Button>
          </Group>
        }
      />
      {/* Without the layout, nothing else marks the page as live. */}
      {standalone && <PageReady />}
    </Container>
  );
}
