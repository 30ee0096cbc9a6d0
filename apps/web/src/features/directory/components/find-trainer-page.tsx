import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { PublicTrainer } from '@soulpunch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PublicHeader } from '@/components/public-header';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { publicTrainerQueryOptions } from '../api/get-public-trainer';
import { usePublicTrainerPages } from '../api/get-public-trainers';
import { markerFilters, useTrainerMarkers } from '../api/get-trainer-markers';
import { filtersToSearchParams } from '../directory-filters';
import { type DirectoryVariant, directoryPaths } from '../paths';
import { useDirectoryFilters } from '../use-directory-filters';
import { ClassTypeTabs } from './class-type-tabs';
import { FilterPanel } from './filter-panel';
import { LandingHero } from './landing-hero';
import { HowItWorks, PopularLocations } from './landing-sections';
import { PublicFooter } from './public-footer';
import { StateTiles } from './state-tiles';
import { trainerCardId } from './trainer-card';
import { TrainerMapSection } from './trainer-map-section';
import { TrainerResults } from './trainer-results';

const SEARCH_DELAY_MS = 300;

export const DIRECTORY_TITLE = 'Find a Certified Trainer';

/**
 * /find-trainer (the landing content above the directory, on one page) and /public/find-trainer (the
 * directory alone, for visitors arriving from the public landing page or a popular-location link).
 */
export function FindTrainerPage({ variant }: { variant: DirectoryVariant }) {
  const paths = directoryPaths(variant);
  const withLanding = variant === 'site';
  // With the landing content above it, the directory is a section under the landing's h1.
  const sectionOrder = withLanding ? 3 : 2;
  useDocumentTitle('Find a Certified Self-Defense Trainer | Soul Punch');

  const { filters, update, reset } = useDirectoryFilters();
  // What is typed shows at once; it reaches the filters (and the address and the API) after a pause.
  const [text, setText] = useState(filters.q);
  const applySearch = useDebouncedCallback((q: string) => update({ q }), SEARCH_DELAY_MS);
  const changeText = (value: string) => {
    setText(value);
    applySearch(value.trim());
  };

  // The cards come a page at a time; the map gets every match from its own compact feed.
  const pages = usePublicTrainerPages(filters);
  const markers = useTrainerMarkers(filters);
  const queryKey = filtersToSearchParams(filters).toString();
  const trainers = useMemo(() => pages.data?.pages.flatMap((page) => page.trainers), [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;

  const queryClient = useQueryClient();
  const resultsRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: number } | null>(null);
  // A trainer picked on the map whose card is on a page not loaded yet: their card is shown first.
  const [picked, setPicked] = useState<{ key: string; trainer: PublicTrainer } | null>(null);
  const pickedTrainer = picked?.key === queryKey ? picked.trainer : null;

  const showTrainerCard = useCallback(
    async (trainerId: number) => {
      if (!trainers?.some((t) => t.id === trainerId)) {
        try {
          const trainer = await queryClient.fetchQuery(publicTrainerQueryOptions(trainerId));
          setPicked({ key: queryKey, trainer });
        } catch {
          return; // No longer listed: there is no card to show.
        }
      }
      setFocusRequest({ id: trainerId });
    },
    [trainers, queryClient, queryKey],
  );

  // After the card has rendered, bring it into view and focus it.
  useEffect(() => {
    if (!focusRequest) return;
    const card = document.getElementById(trainerCardId(focusRequest.id));
    card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // On the next frame: the map handles the popup click after us and would otherwise take focus back.
    const frame = requestAnimationFrame(() => card?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  function selectState(state: string) {
    update({ state });
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function resetFilters() {
    applySearch.cancel();
    setText('');
    reset();
  }

  const results = (
    <TrainerResults
      trainers={trainers}
      total={total}
      picked={pickedTrainer}
      isPending={pages.isPending}
      error={pages.error}
      hasMore={pages.hasNextPage}
      isLoadingMore={pages.isFetchingNextPage}
      onShowMore={() => pages.fetchNextPage()}
      onReset={resetFilters}
      onClearDistance={() => update({ from: '', near: '' })}
      profilePath={paths.trainer}
      headingOrder={withLanding ? 4 : 3}
    />
  );

  const directory = (
    <Stack gap="xl" component="section" aria-labelledby="directory-title" id="directory">
      <Stack gap={4}>
        <Title order={withLanding ? 2 : 1} id="directory-title">
          {DIRECTORY_TITLE}
        </Title>
        <Text c="gray.7" size="lg">
          Every Soul Punch trainer is background-checked and certified to teach our self-defense program.
        </Text>
      </Stack>

      <StateTiles selected={filters.state} onSelect={selectState} headingOrder={sectionOrder} />

      <TrainerMapSection
        markers={markers.data ?? []}
        viewKey={
          markers.isPlaceholderData || markers.isPending
            ? null
            : filtersToSearchParams(markerFilters(filters)).toString()
        }
        onViewProfile={showTrainerCard}
        headingOrder={sectionOrder}
      />

      <FilterPanel
        filters={filters}
        text={text}
        onTextChange={changeText}
        onChange={update}
        placeNotFound={isApiError(pages.error) && pages.error.code === 'unknown_place'}
      />

      <Box ref={resultsRef} style={{ scrollMarginTop: 16 }}>
        <Title order={sectionOrder} size="h3" id="trainer-results-title" mb="sm">
          Certified Trainers
        </Title>
        <ClassTypeTabs classType={filters.classType} onChange={(classType) => update({ classType })}>
          {results}
        </ClassTypeTabs>
      </Box>
    </Stack>
  );

  // Following a link while a search still waits out its pause: drop the search, or it would be written onto
  // the next page's address once the router has moved on.
  const dropPendingSearch = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) applySearch.cancel();
  };

  return (
    <div onClickCapture={dropPendingSearch}>
      <PublicHeader variant={variant} />
      <Container size="xl" py="xl">
        <Stack gap={48}>
          {withLanding && (
            <>
              <LandingHero
                actions={
                  <>
                    <Button
                      size="md"
                      onClick={() =>
                        document
                          .getElementById('directory')
                          ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                      }
                    >
                      Browse Trainers
                    </Button>
                    <Button component={Link} to={paths.classes} size="md" variant="default">
                      View Classes
                    </Button>
                  </>
                }
              />
              <HowItWorks />
              <PopularLocations />
            </>
          )}
          {directory}
        </Stack>
      </Container>
      {variant === 'public' && <PublicFooter />}
    </div>
  );
}
