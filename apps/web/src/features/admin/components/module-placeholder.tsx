import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';

interface ModulePlaceholderProps {
  title: string;
  plannedFeatures: readonly string[];
}

/** Spec 2.5: an admin area that exists in the navigation but whose module is still being built. */
export function ModulePlaceholder({ title, plannedFeatures }: ModulePlaceholderProps) {
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={1}>{title}</Title>
        <Badge color="blue" variant="filled">
          Coming Soon
        </Badge>
      </Group>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Module In Development
          </Title>
          <Text c="gray.7">This module is being built. Planned features:</Text>
          <List>
            {plannedFeatures.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
    </Stack>
  );
}
