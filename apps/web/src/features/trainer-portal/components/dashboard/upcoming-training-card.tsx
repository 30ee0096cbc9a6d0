import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { trainingDatesText } from '@soulpunch/shared';
import { IconExternalLink } from '@tabler/icons-react';
import type { PortalResources } from '../../api/get-resources';
import { useOpenResource } from './use-open-resource';

interface UpcomingTrainingCardProps {
  upcomingTraining: PortalResources['upcomingTraining'];
  trainingSchedule: PortalResources['trainingSchedule'];
}

export function UpcomingTrainingCard({ upcomingTraining, trainingSchedule }: UpcomingTrainingCardProps) {
  const openResource = useOpenResource();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Upcoming Training
        </Title>
        {upcomingTraining.length === 0 && <Text c="gray.7">No upcoming training scheduled.</Text>}
        {upcomingTraining.map((training) => (
          <Group key={training.id} justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Group gap="xs">
                <Text fw={600}>{training.name}</Text>
                {training.visited && (
                  <Badge variant="outline" color="teal.9">
                    Visited
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {[
                  training.details,
                  training.startsOn && trainingDatesText(training.startsOn, training.endsOn),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Button
              component="a"
              href={training.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => openResource(training)}
              size="xs"
              rightSection={<IconExternalLink size={14} aria-hidden />}
              aria-label={`Open ${training.name}`}
            >
              Open
            </Button>
          </Group>
        ))}
        {trainingSchedule.map((schedule) => (
          <Anchor
            key={schedule.id}
            href={schedule.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => openResource(schedule)}
            fw={500}
          >
            {schedule.name}
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
