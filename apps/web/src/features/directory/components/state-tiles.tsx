import { Box, Skeleton, Text, Title } from '@mantine/core';
import { useTrainerStateCounts } from '../api/get-trainer-state-counts';
import { stateName } from '../us-states';
import classes from './directory-card.module.css';

interface StateTilesProps {
  selected: string;
  onSelect: (state: string) => void;
  headingOrder: 2 | 3;
}

const trainerCount = (count: number) => `${count} ${count === 1 ? 'trainer' : 'trainers'}`;

/**
 * One tile per state with listed trainers; a click filters the directory to that state. Plain buttons, as
 * directory-card.module.css explains.
 */
export function StateTiles({ selected, onSelect, headingOrder }: StateTilesProps) {
  const states = useTrainerStateCounts();

  return (
    <Box component="section" aria-labelledby="state-tiles-title">
      <Title order={headingOrder} size="h3" id="state-tiles-title" mb="sm">
        Browse by State
      </Title>
      {states.isPending ? (
        <div className={classes.tiles} aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </div>
      ) : states.isError ? (
        <Text c="gray.7">The list of states could not be loaded.</Text>
      ) : (
        <ul className={`${classes.list} ${classes.tiles}`}>
          {states.data.map(({ state, count }) => (
            <li key={state}>
              <button
                type="button"
                className={classes.tile}
                onClick={() => onSelect(state)}
                aria-pressed={selected.toLowerCase() === state.toLowerCase()}
              >
                <span className={classes.tileName}>
                  {stateName(state)}
                  <span className={classes.visuallyHidden}>, </span>
                </span>
                <span className={classes.tileCount}>{trainerCount(count)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}
