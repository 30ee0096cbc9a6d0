import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ClassSummary } from '@soulpunch/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { classWhenText } from '../class-when';
import { classDetailsPath, externalUrl } from '../format';

interface UpcomingClassListProps {
  classes: readonly ClassSummary[];
  onOpen: (classId: number) => void;
}

/** Spec: the calendar's list of upcoming classes, each with a Registration Link button when it has a payment link. */
export function UpcomingClassList({ classes, onOpen }: UpcomingClassListProps) {
  if (classes.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="gray.7" ta="center">
          No classes scheduled yet
        </Text>
      </Paper>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {classes.map((c) => {
        const payment = externalUrl(c.paymentLink);
        return (
          <Paper component="li" key={c.id} withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Title order={3} size="h5" id={`upcoming-${c.id}`}>
                  <Anchor component="button" type="button" onClick={() => onOpen(c.id)} inherit fw={700}>
                    {c.title}
                  </Anchor>
                </Title>
                <Text size="sm">{classWhenText(c)}</Text>
                <Text size="sm" c="gray.7">
                  {c.location} · {c.priceLabel} · {c.registeredCount} of {c.capacity} registered
                  {c.waitlistCount > 0 ? ` · ${c.waitlistCount} waitlisted` : ''}
                </Text>
                <Anchor
                  component={Link}
                  to={classDetailsPath(c.id)}
                  size="sm"
                  aria-describedby={`upcoming-${c.id}`}
                >
                  Class page
                </Anchor>
              </Stack>
              {payment && (
                <Button
                  component="a"
                  href={payment}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  size="sm"
                  rightSection={<IconExternalLink size={14} aria-hidden="true" />}
                >
                  Registration Link
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
