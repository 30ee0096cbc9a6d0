import { Box, Button, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PublicHeader } from '@/components/public-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePublicTrainers } from '../api/get-public-trainers';
import { CLASS_TYPE_TABS, filtersToSearchParams } from '../directory-filters';
import { type DirectoryVariant, directoryPaths } from '../paths';
import { useDirectoryFilters } from '../use-directory-filters';
import { FilterPanel } from './filter-panel';
import { LandingHero } from './landing-hero';
import { HowItWorks, PopularLocations } from './landing-sections';
import { PublicFooter } from './public-footer';
import { StateTiles } from './state-tiles';
import { trainerCardId } from './trainer-card';
import { TrainerMapSection } from './trainer-map-section';
import { TrainerResults } from './trainer-results';

/** Cards are shown 24 at a time; the map always shows every match. */
export const CARDS_PER_PAGE = 24;
const SEARCH_DELAY_MS = 300;
const ALL_TAB = 'all';

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

  const trainers = usePublicTrainers(filters);
  const queryKey = filtersToSearchParams(filters).toString();

  // Back to the first page of cards whenever the filters change.
  const [paging, setPaging] = useState({ key: queryKey, count: CARDS_PER_PAGE });
  const visibleCount = paging.key === queryKey ? paging.count : CARDS_PER_PAGE;

  const resultsRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: number } | null>(null);

  const showTrainerCard = useCallback(
    (trainerId: number) => {
      const index = trainers.data?.findIndex((t) => t.id === trainerId) ?? -1;
      if (index < 0) return;
      if (index >= visibleCount) {
        setPaging({ key: queryKey, count: Math.ceil((index + 1) / CARDS_PER_PAGE) * CARDS_PER_PAGE });
      }
      setFocusRequest({ id: trainerId });
    },
    [trainers.data, visibleCount, queryKey],
  );

  // After the card has rendered (it may be on a page not yet shown), bring it into view and focus it.
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
      trainers={trainers.data}
      isPending={trainers.isPending}
      error={trainers.error}
      visibleCount={visibleCount}
      onShowMore={() => setPaging({ key: queryKey, count: visibleCount + CARDS_PER_PAGE })}
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
        trainers={trainers.data ?? []}
        viewKey={trainers.isPlaceholderData || trainers.isPending ? null : queryKey}
        onViewProfile={showTrainerCard}
        headingOrder={sectionOrder}
      />

      <FilterPanel filters={filters} text={text} onTextChange={changeText} onChange={update} />

      <Box ref={resultsRef} style={{ scrollMarginTop: 16 }}>
        <Title order={sectionOrder} size="h3" id="trainer-results-title" mb="sm">
          Certified Trainers
        </Title>
        <Tabs
          value={filters.classType || ALL_TAB}
          onChange={(value) => update({ classType: !value || value === ALL_TAB ? '' : value })}
          keepMounted={false}
        >
          <Tabs.List aria-label="Class type" mb="md">
            {CLASS_TYPE_TABS.map((tab) => (
              <Tabs.Tab key={tab.label} value={tab.value || ALL_TAB}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CLASS_TYPE_TABS.map((tab) => (
            <Tabs.Panel key={tab.label} value={tab.value || ALL_TAB}>
              {results}
            </Tabs.Panel>
          ))}
        </Tabs>
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
