import { Alert, Box, Loader, Stack, Text } from '@mantine/core';
import { auditEventLabel } from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDocumentAudit } from '../api/get-document-audit';

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
  // A list, not a wide table, so it reads on a phone without sideways scrolling.
  return (
    <Stack gap="xs" component="ol" aria-label={`Audit trail of document ${documentId}`} p={0} m={0}>
      {audit.data.map((e) => (
        <Box component="li" key={e.id} style={{ listStyle: 'none', overflowWrap: 'anywhere' }}>
          <Text size="sm" fw={500}>
            {auditEventLabel(e.type)} · {formatTimestamp(e.at)}
          </Text>
          <Text size="xs" c="gray.7">
            By {e.actor} · IP {e.ip ?? 'N/A'} · {e.userAgent ?? 'no user agent'}
          </Text>
          <Text size="xs" c="gray.7" ff="monospace" title={e.entryHash}>
            Entry {e.entryHash.slice(0, 16)}… · document {e.documentHash.slice(0, 16)}…
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
