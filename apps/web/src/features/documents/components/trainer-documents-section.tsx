import { Accordion, Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { documentTypeTitle } from '@soulpunch/shared';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useTrainerDocuments } from '../api/get-trainer-documents';
import { useVerifyAuditChain } from '../api/verify-audit-chain';
import { AuditTrail } from './audit-trail';
import { DocumentStatusBadge } from './document-status-badge';

/** Admin trainer detail: the trainer's documents, each with its audit trail, and the chain check. */
export function TrainerDocumentsSection({ trainerId }: { trainerId: number }) {
  const documents = useTrainerDocuments(trainerId);
  const chain = useVerifyAuditChain();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trainer-documents-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title id="trainer-documents-title" order={2} fz="h4">
            Documents
          </Title>
          <Button size="compact-sm" variant="light" loading={chain.isPending} onClick={() => chain.mutate()}>
            Verify audit chain
          </Button>
        </Group>
        {chain.data && (
          <Alert color={chain.data.ok ? 'green' : 'red'} role="status">
            {chain.data.ok
              ? `The audit chain holds: ${chain.data.checked} entries checked.`
              : `The audit chain is broken at entry ${chain.data.brokenAt?.id}: ${chain.data.brokenAt?.reason}`}
          </Alert>
        )}
        {chain.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(chain.error)}
          </Alert>
        )}
        {documents.isPending && <Loader size="sm" aria-label="Loading documents" />}
        {documents.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(documents.error)}
          </Alert>
        )}
        {documents.data?.length === 0 && <Text size="sm">No documents yet.</Text>}
        {documents.data && documents.data.length > 0 && (
          <Accordion variant="separated">
            {documents.data.map((d) => (
              <Accordion.Item key={d.id} value={String(d.id)}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={500}>{documentTypeTitle(d.type)}</Text>
                    <Text size="sm" c="gray.7">
                      v{d.templateVersion}
                    </Text>
                    <DocumentStatusBadge status={d.status} />
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    <Text size="sm">
                      Sent: {formatTimestamp(d.sentAt)} · Reminder sent: {formatTimestamp(d.reminderSentAt)} ·
                      Signed: {formatTimestamp(d.signedAt)}
                    </Text>
                    <Anchor component={Link} to={`/trainer-portal/documents/${d.id}`} size="sm">
                      Open document
                    </Anchor>
                    <AuditTrail documentId={d.id} />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}
