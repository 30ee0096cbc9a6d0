import { Box, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  Component,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { markerFilters, useTrainerMarkers } from '../api/get-trainer-markers';
import { type DirectoryFilters, filtersToSearchParams } from '../directory-filters';
import classes from './directory-card.module.css';
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

/** How far below the screen the map starts loading, so it is usually drawn by the time it scrolls in. */
const LOAD_AHEAD = '600px';

/**
 * True once the element has come near the screen (at once where the browser cannot tell). False on the server
 * and in the first render, so hydration matches the server's page.
 */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

export function TrainerMapSection({
  filters,
  onViewProfile,
  headingOrder,
}: {
  filters: DirectoryFilters;
  onViewProfile: TrainerMapProps['onViewProfile'];
  headingOrder: 2 | 3;
}) {
  // The map (Leaflet, about 100 KB, and the work of drawing the states and the pins) exists only in the
  // browser, and only once the visitor nears it: on a phone it is several screens down the page, and building
  // it during the page's start took two long tasks (about 120 ms each at a phone's speed). Its pins are fetched
  // then too, alongside Leaflet's code.
  const section = useRef<HTMLElement>(null);
  const near = useNearScreen(section);
  const markers = useTrainerMarkers(filters, near);
  const loading = (
    <MapPlaceholder>
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text c="gray.7">Loading map...</Text>
      </Stack>
    </MapPlaceholder>
  );
  return (
    <Box component="section" aria-labelledby="trainer-map-title" ref={section} pos="relative">
      <Title order={headingOrder} id="trainer-map-title" className={classes.visuallyHidden}>
        Trainer Map
      </Title>
      <MapErrorBoundary>
        {near ? (
          <Suspense fallback={loading}>
            <TrainerMap
              markers={markers.data ?? []}
              viewKey={
                markers.isPlaceholderData || markers.isPending
                  ? null
                  : filtersToSearchParams(markerFilters(filters)).toString()
              }
              onViewProfile={onViewProfile}
            />
          </Suspense>
        ) : (
          loading
        )}
      </MapErrorBoundary>
      {near && (markers.isPending || markers.isError) && (
        // Over the map, which pans and zooms meanwhile: the page does not move when the pins arrive.
        <Group gap={6} className={classes.mapPinsStatus} role="status">
          {markers.isError ? (
            <Text size="sm">The trainers could not be shown on the map. They are listed below.</Text>
          ) : (
            <>
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">Loading the map's trainers...</Text>
            </>
          )}
        </Group>
      )}
    </Box>
  );
}
