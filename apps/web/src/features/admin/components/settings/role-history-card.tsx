import { Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { RoleChange } from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useRoleChanges } from '../../api/get-role-changes';

const ROLE_NAMES = { admin: 'administrator', staff: 'staff' } as const;

const changeText = (c: RoleChange) =>
  `${c.action === 'granted' ? 'Given' : 'Removed'}: ${ROLE_NAMES[c.role]}`;

/** Every grant and removal of an admin-area role: who, what, when and by whom. */
export function RoleHistoryCard() {
  const changes = useRoleChanges();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="role-history-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="role-history-title">
            Role history
          </Title>
          <Text size="sm" c="gray.7">
            Each person is e-mailed when a role is given or removed.
          </Text>
        </div>
        {changes.isPending ? (
          <Loader size="sm" aria-label="Loading the role history" />
        ) : changes.isError ? (
          <Text c="red.9">{getErrorMessage(changes.error)}</Text>
        ) : changes.data.length === 0 ? (
          <Text size="sm">No role has been given or removed here yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-labelledby="role-history-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.data.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(c.changedAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {c.name} ({c.email})
                    </Table.Td>
                    <Table.Td>{changeText(c)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {c.changedBy
                        ? `${c.changedBy.name} (${c.changedBy.email})`
                        : "The server's command line"}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
