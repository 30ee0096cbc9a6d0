import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface ComingSoonProps {
  /** The screen's name, shown as its heading. */
  title: string;
  /** Where the way back leads; omit inside a page that has its own navigation. */
  back?: { to: string; label: string };
  /** 1 when the panel is the whole page, 2 when it sits inside one. */
  order?: 1 | 2;
}

/** Stands in for a screen that a later release builds, so the route is never a broken page. */
export function ComingSoon({ title, back, order = 1 }: ComingSoonProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={order}>{title}</Title>
        <Text c="gray.7">Coming soon</Text>
        {back && (
          <Anchor component={Link} to={back.to}>
            {back.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
