import { Box, Center, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { MAP_HEIGHT, type TrainerMapProps } from './trainer-map-props';

const TrainerMap = lazy(() => import('./trainer-map'));

function MapPlaceholder({ children }: { children: ReactNode }) {
  return (
    <Center h={MAP_HEIGHT} bg="gray.1" style={{ borderRadius: 8 }}>
      {children}
    </Center>
  );
}

/** A map that fails to load (an outdated bundle, a dropped connection) must not take the directory with it. */
class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <MapPlaceholder>
          <Text c="gray.7">The map could not be loaded. The trainers are listed below.</Text>
        </MapPlaceholder>
      );
    }
    return this.props.children;
  }
}

export function TrainerMapSection({ headingOrder, ...props }: TrainerMapProps & { headingOrder: 2 | 3 }) {
  // The map (Leaflet) exists only in the browser: the server's page and the first render show its placeholder.
  const mounted = useMounted();
  const loading = (
    <MapPlaceholder>
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text c="gray.7">Loading map...</Text>
      </Stack>
    </MapPlaceholder>
  );
  return (
    <Box component="section" aria-labelledby="trainer-map-title">
      <VisuallyHidden>
        <Title order={headingOrder} id="trainer-map-title">
          Trainer Map
        </Title>
      </VisuallyHidden>
      <MapErrorBoundary>
        {mounted ? (
          <Suspense fallback={loading}>
            <TrainerMap {...props} />
          </Suspense>
        ) : (
          loading
        )}
      </MapErrorBoundary>
    </Box>
  );
}
