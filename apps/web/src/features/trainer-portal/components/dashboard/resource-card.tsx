import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { PortalResource } from '../../api/get-resources';

interface ResourceCardProps {
  resource: PortalResource;
  onOpen: (resource: PortalResource) => void;
  /** Under a 'Coming Soon' heading the resource is announced, not opened. */
  comingSoon?: boolean;
}

export function ResourceCard({ resource, onOpen, comingSoon = false }: ResourceCardProps) {
  const nameId = `resource-${resource.id}-name`;
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={4} size="h5" id={nameId}>
              {resource.name}
            </Title>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {resource.badge && (
                <Badge variant="filled" color="blue.8">
                  {resource.badge}
                </Badge>
              )}
              {resource.visited && (
                <Badge variant="outline" color="teal.9">
                  Visited
                </Badge>
              )}
            </Group>
          </Group>
          {resource.details && <Text size="sm">{resource.details}</Text>}
          <Text size="sm" c="gray.7">
            {resource.description}
          </Text>
        </Stack>
        {comingSoon ? (
          <Text size="sm" fw={600} c="gray.7">
            Not available yet
          </Text>
        ) : (
          <Button
            component="a"
            href={resource.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onOpen(resource)}
            variant="light"
            size="xs"
            rightSection={<IconExternalLink size={14} aria-hidden />}
            aria-describedby={nameId}
          >
            Open Resource
          </Button>
        )}
      </Stack>
    </Card>
  );
}
