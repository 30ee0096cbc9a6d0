import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { formatTimestamp } from '@/features/admin/utils/format-timestamp';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentAudit } from '../api/get-document-audit';

const EVENT_LABELS: Record<string, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  consented: 'Consented to electronic records',
  signed: 'Signed',
  reminder_sent: 'Reminder sent',
  expired: 'Expired',
  downloaded: 'Downloaded',
  verified: 'Verified',
  resent: 'Sent again',
};

/** Admin: a document's append-only audit trail. */
export function AuditTrail({ documentId }: { documentId: number }) {
  const audit = useDocumentAudit(documentId);
  if (audit.isPending) return <Loader size="sm" aria-label="Loading audit trail" />;
  if (audit.isError)
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(audit.error)}
      </Alert>
    );
  if (audit.data.length === 0) return <Text size="sm">No events recorded.</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table fz="sm" aria-label={`Audit trail of document ${documentId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>IP</Table.Th>
            <Table.Th>Entry hash</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.data.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{EVENT_LABELS[e.type] ?? e.type}</Table.Td>
              <Table.Td>{formatTimestamp(e.at)}</Table.Td>
              <Table.Td>{e.actor}</Table.Td>
              <Table.Td>{e.ip ?? 'N/A'}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="xs" ff="monospace" title={e.entryHash}>
                    {e.entryHash.slice(0, 12)}…
                  </Text>
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
