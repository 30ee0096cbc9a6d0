import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMPLETION_SECTIONS, type ProfileCompletion } from '@soulpunch/shared';

export function ProfileCompletionCard({ completion }: { completion: ProfileCompletion }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-completion-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="profile-completion-title">
            Profile Completion
          </Title>
          <Text fw={700} size="xl">
            {completion.overall}%
          </Text>
        </Group>
        <Progress value={completion.overall} aria-label="Profile completion" size="lg" radius="xl" />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          {COMPLETION_SECTIONS.map(({ key, label }) => (
            <Stack key={key} gap={2} align="center" ta="center">
              <Text fw={600}>{completion[key]}%</Text>
              <Text size="sm" c="gray.7">
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {completion.overall === 100 && (
          <Stack gap={2}>
            <Text fw={700} c="teal.9">
              Profile Complete!
            </Text>
            <Text>Your profile is ready for the trainer directory.</Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
