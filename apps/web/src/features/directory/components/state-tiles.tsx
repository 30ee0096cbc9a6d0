import { Box, Paper, SimpleGrid, Skeleton, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTrainerStateCounts } from '../api/get-trainer-state-counts';
import { stateName } from '../us-states';

interface StateTilesProps {
  selected: string;
  onSelect: (state: string) => void;
  headingOrder: 2 | 3;
}

const trainerCount = (count: number) => `${count} ${count === 1 ? 'trainer' : 'trainers'}`;

/** One tile per state with listed trainers; a click filters the directory to that state. */
export function StateTiles({ selected, onSelect, headingOrder }: StateTilesProps) {
  const states = useTrainerStateCounts();

  return (
    <Box component="section" aria-labelledby="state-tiles-title">
      <Title order={headingOrder} size="h3" id="state-tiles-title" mb="sm">
        Browse by State
      </Title>
      {states.isPending ? (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </SimpleGrid>
      ) : states.isError ? (
        <Text c="gray.7">The list of states could not be loaded.</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 2, xs: 3, sm: 4, md: 6 }}
          spacing="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {states.data.map(({ state, count }) => {
            const active = selected.toLowerCase() === state.toLowerCase();
            return (
              <li key={state}>
                <UnstyledButton onClick={() => onSelect(state)} aria-pressed={active} w="100%" h="100%">
                  <Paper
                    withBorder
                    radius="md"
                    p="sm"
                    h="100%"
                    bg={active ? 'blue.8' : undefined}
                    c={active ? 'white' : undefined}
                    style={{ borderColor: active ? 'var(--mantine-color-blue-8)' : undefined }}
                  >
                    <Text fw={700} lh={1.2}>
                      {stateName(state)}
                      <VisuallyHidden component="span">{', '}</VisuallyHidden>
                    </Text>
                    <Text size="sm" c={active ? 'white' : 'gray.7'}>
                      {trainerCount(count)}
                    </Text>
                  </Paper>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Box>
  );
}
