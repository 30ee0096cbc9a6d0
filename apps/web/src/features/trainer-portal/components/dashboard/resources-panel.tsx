import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getErrorMessage } from '@/lib/api-client';
import type { PortalResources } from '../../api/get-resources';
import { ResourceCard } from './resource-card';
import { useOpenResource } from './use-open-resource';

export function ResourcesPanel({ categories }: { categories: PortalResources['categories'] }) {
  const openResource = useOpenResource();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="training-resources-title">
      <Stack gap="xl">
        <Title order={2} size="h3" id="training-resources-title">
          Training Resources
        </Title>
        {categories.map((category) => (
          <Stack
            key={category.id}
            gap="sm"
            component="section"
            aria-labelledby={`resource-category-${category.id}`}
          >
            <Group gap="sm">
              <Title order={3} size="h4" id={`resource-category-${category.id}`}>
                {category.name}
              </Title>
              {category.comingSoon && (
                <Badge color="grape.9" variant="filled">
                  Coming Soon
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {category.resources.map((resource) => (
                <ResourceCard
                  key={resource.id}
                  resource={resource}
                  onOpen={openResource}
                  comingSoon={category.comingSoon}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** What the resources area shows while the catalogue loads or when it cannot. */
export function ResourcesUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Training Resources
        </Title>
        {error ? (
          <>
            <Text role="alert" c="red.9">
              {getErrorMessage(error)}
            </Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              Try Again
            </Button>
          </>
        ) : (
          <Text role="status">Loading resources...</Text>
        )}
      </Stack>
    </Paper>
  );
}
