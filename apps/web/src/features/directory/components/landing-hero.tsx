import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const LANDING_TITLE = 'Find Your Self Defense Trainer';

/** The landing title (the page's h1) with its introduction and the ways in. */
export function LandingHero({ actions }: { actions: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-labelledby="landing-title"
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      bg="blue.0"
    >
      <Stack gap="md" maw={720}>
        <Title order={1} id="landing-title">
          {LANDING_TITLE}
        </Title>
        <Text size="lg">
          Learn practical self-defense from a Soul Punch trainer near you, with classes for women, teens,
          campuses and workplaces.
        </Text>
        <Group gap="sm">{actions}</Group>
      </Stack>
    </Paper>
  );
}
