import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminResource, AdminResourceList } from '@soulpunch/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminResources } from '../api/get-admin-resources';
import { useRemoveResource } from '../api/remove-resource';
import { ResourceFormModal } from './resource-form-modal';

interface Section {
  key: string;
  title: string;
  comingSoon?: boolean;
  resources: AdminResource[];
}

/** The dashboard's sections in order: each category, then the training entries. */
function sectionsOf(list: AdminResourceList): Section[] {
  const sections: Section[] = list.categories.map((c) => ({
    key: `c${c.id}`,
    title: c.name,
    comingSoon: c.comingSoon,
    resources: list.resources.filter((r) => r.kind === 'resource' && r.categoryId === c.id),
  }));
  sections.push(
    {
      key: 'upcoming',
      title: 'Upcoming Training',
      resources: list.resources.filter((r) => r.kind === 'upcoming_training'),
    },
    {
      key: 'schedule',
      title: 'Training Schedule',
      resources: list.resources.filter((r) => r.kind === 'training_schedule'),
    },
  );
  return sections;
}

function RemoveResourceModal({ resource, onClose }: { resource: AdminResource; onClose: () => void }) {
  const remove = useRemoveResource();
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Remove ${resource.name}?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          It leaves the trainer portal and the assistant stops answering about it. If a trainer has opened it,
          it is retired instead of deleted, so their record stays.
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(resource.id, {
                onSuccess: ({ outcome }) => {
                  notifications.show({
                    color: 'green',
                    title: outcome === 'deleted' ? 'Resource deleted' : 'Resource retired',
                    message:
                      outcome === 'deleted'
                        ? `${resource.name} was deleted.`
                        : `${resource.name} was retired: trainers who opened it keep their record.`,
                  });
                  onClose();
                },
              })
            }
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Admin: the trainer portal's resources catalogue, with the real links the brand supplies. */
export function ResourcesPage() {
  useDocumentTitle('Resources catalogue');
  const resources = useAdminResources();
  const [editing, setEditing] = useState<AdminResource | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminResource | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Resources catalogue
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          disabled={!resources.data}
        >
          Add resource
        </Button>
      </Group>
      <Text c="gray.7">
        What trainers find under Training Resources and Upcoming Training on their dashboard. Each change
        rewrites the assistant's article about the resource at once.
      </Text>
      {resources.isPending && <Loader aria-label="Loading resources" />}
      {resources.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(resources.error)}
        </Alert>
      )}
      {resources.data &&
        sectionsOf(resources.data).map((section) => (
          <Paper
            key={section.key}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-label={section.title}
          >
            <Group gap="xs" mb="sm">
              <Title order={2} size="h4">
                {section.title}
              </Title>
              {section.comingSoon && (
                <Badge variant="outline" color="gray.8">
                  Coming Soon
                </Badge>
              )}
            </Group>
            {section.resources.length === 0 ? (
              <Text size="sm" c="gray.7">
                Nothing here yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Link</Table.Th>
                      <Table.Th>Order</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {section.resources.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td>
                          <Group gap="xs">
                            <Text size="sm" fw={600}>
                              {r.name}
                            </Text>
                            {r.badge && (
                              <Badge variant="outline" color="blue.9" size="sm">
                                {r.badge}
                              </Badge>
                            )}
                            {r.retiredAt && (
                              <Badge variant="outline" color="gray.8" size="sm">
                                Retired
                              </Badge>
                            )}
                          </Group>
                          {r.description && (
                            <Text size="xs" c="gray.7">
                              {r.description}
                            </Text>
                          )}
                          {r.details && (
                            <Text size="xs" c="gray.7">
                              {r.details}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>
                          <Anchor href={r.url} target="_blank" rel="noopener noreferrer" size="sm">
                            {r.url}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{r.order}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap" justify="flex-end">
                            <Button
                              size="compact-sm"
                              variant="light"
                              onClick={() => setEditing(r)}
                              aria-label={`Edit ${r.name}`}
                            >
                              Edit
                            </Button>
                            {!r.retiredAt && (
                              <Button
                                size="compact-sm"
                                variant="default"
                                onClick={() => setRemoving(r)}
                                aria-label={`Remove ${r.name}`}
                              >
                                Remove
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        ))}
      {editing && resources.data && (
        <ResourceFormModal
          resource={editing === 'new' ? null : editing}
          categories={resources.data.categories}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && <RemoveResourceModal resource={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
