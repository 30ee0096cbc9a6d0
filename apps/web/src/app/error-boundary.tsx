import { Button, Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from '@/components/error-view';

interface State {
  error: Error | null;
}

/**
 * Last line of defence outside the router (providers, router set-up). Route errors are caught by the
 * router's own error elements, which keep the page chrome.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container component="main" size="sm" py="xl">
        <ErrorView
          title="Something went wrong"
          message="The page could not be shown. Please reload it or try again later."
          actions={
            <Button component="a" href="/">
              Back to Home
            </Button>
          }
        />
      </Container>
    );
  }
}
