import { Box, Button, Stack, Text, Title } from '@mantine/core';
import type { PublicTrainer } from '@soulpunch/shared';
import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useDelayedCall } from '@/lib/use-delayed-call';
import { publicTrainerQueryOptions } from '../api/get-public-trainer';
import { usePublicTrainerPages } from '../api/get-public-trainers';
import { describeFilters, filtersToSearchParams } from '../directory-filters';
import { type DirectoryVariant, directoryPaths } from '../paths';
import { stateName } from '../us-states';
import { useDirectoryFilters } from '../use-directory-filters';
import { ClassTypeTabs } from './class-type-tabs';
import classes from './directory-card.module.css';
import { FilterPanel } from './filter-panel';
import { StateTiles } from './state-tiles';
import { trainerCardId } from './trainer-card';
import { TrainerMapSection } from './trainer-map-section';
import { TrainerResults } from './trainer-results';

const SEARCH_DELAY_MS = 300;

export const DIRECTORY_TITLE = 'Find a Certified Trainer';

/**
 * The directory of /find-trainer and /public/find-trainer: the state tiles, the map, the search and filters and
 * the trainers' cards, which act together (the filters live in the address). The page's island (decision 0013).
 */
export function DirectorySection({ variant }: { variant: DirectoryVariant }) {
  const paths = directoryPaths(variant);
  const withLanding = variant === 'site';
  // With the landing content above it, the directory is a section under the landing's h1.
  const sectionOrder = withLanding ? 3 : 2;

  const { filters, update, reset } = useDirectoryFilters();
  const filterSummary = describeFilters(filters, stateName);
  // What is typed shows at once; it reaches the filters (and the address and the API) after a pause.
  const [text, setText] = useState(filters.q);
  const applySearch = useDelayedCall((q: string) => update({ q }), SEARCH_DELAY_MS);
  const changeText = (value: string) => {
    setText(value);
    applySearch(value.trim());
  };

  // The cards come a page at a time; the map gets every match from its own compact feed (TrainerMapSection).
  const pages = usePublicTrainerPages(filters);
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
      // The page as it stands decides, not the list this callback last saw: the map's popup may hold an older one.
      if (!document.getElementById(trainerCardId(trainerId))) {
        const options = publicTrainerQueryOptions(trainerId);
        try {
          // Closing the popup drops its own request for this trainer while it may still be loading; that
          // cancellation is not an answer, so the card's request starts again.
          const trainer = await queryClient
            .fetchQuery(options)
            .catch((error: unknown) =>
              isCancelledError(error) ? queryClient.fetchQuery(options) : Promise.reject(error),
            );
          setPicked({ key: queryKey, trainer });
        } catch {
          return; // No longer listed: there is no card to show.
        }
      }
      setFocusRequest({ id: trainerId });
    },
    [queryClient, queryKey],
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

  // Arriving with a filter on (a popular location, a shared link), the visitor came for the results: on a phone
  // they are several screens down, under the tiles and the map. Unless the visitor has already scrolled. On
  // opening the page, and on moving from /find-trainer to /public/find-trainer (a popular location), where
  // React keeps the page and only its variant changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only, not on each filter change
  useEffect(() => {
    if (filterSummary && window.scrollY === 0) {
      resultsRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [variant]);

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

  // Following a link while a search still waits out its pause: drop the search, or it would be written onto
  // the next page's address once the router has moved on.
  const dropPendingSearch = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) applySearch.cancel();
  };

  return (
    <Stack
      gap="xl"
      component="section"
      onClickCapture={dropPendingSearch}
      aria-labelledby="directory-title"
      id="directory"
    >
      <Stack gap={4}>
        <Title order={withLanding ? 2 : 1} id="directory-title">
          {DIRECTORY_TITLE}
        </Title>
        <Text c="gray.7" size="lg">
          Every Soul Punch trainer is background-checked and certified to teach our self-defense program.
        </Text>
      </Stack>

      <StateTiles selected={filters.state} onSelect={selectState} headingOrder={sectionOrder} />

      <TrainerMapSection filters={filters} onViewProfile={showTrainerCard} headingOrder={sectionOrder} />

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
        {filterSummary && (
          <p className={classes.activeFilters} data-testid="active-filters">
            <strong>Filtered by {filterSummary}</strong>
            <Button variant="subtle" size="compact-sm" onClick={resetFilters}>
              Clear filters
            </Button>
          </p>
        )}
        <ClassTypeTabs classType={filters.classType} onChange={(classType) => update({ classType })}>
          {results}
        </ClassTypeTabs>
      </Box>
    </Stack>
  );
}
