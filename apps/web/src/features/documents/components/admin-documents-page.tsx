import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  canCheckStatus,
  canSendReminder,
  DOCUMENT_TABS,
  type DocumentSummary,
  documentMessages,
  documentTypeTitle,
} from '@soulpunch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCanChangeAdminArea } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCheckDocumentStatus } from '../api/check-document-status';
import { useDocuments } from '../api/get-documents';
import { useRefreshDocuments } from '../api/refresh-documents';
import { useSendDocumentReminder } from '../api/send-document-reminder';
import { DocumentStatusBadge } from './document-status-badge';

type TabKey = keyof typeof DOCUMENT_TABS;
const TAB_LABELS: Record<TabKey, string> = { all: 'All Documents', pending: 'Pending', signed: 'Signed' };

function CountCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz="h2" fw={700}>
        {value ?? '–'}
      </Text>
    </Card>
  );
}

function DocumentCard({ document }: { document: DocumentSummary }) {
  // Staff read the documents; reminders and status checks are administrators' (the server refuses them too).
  const canChange = useCanChangeAdminArea();
  const checkStatus = useCheckDocumentStatus();
  const sendReminder = useSendDocumentReminder();
  const title = documentTypeTitle(document.type);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${title}, ${document.trainerName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h4">
            {title}
          </Title>
          <DocumentStatusBadge status={document.status} />
        </Group>
        <Text size="sm">
          Trainer ID: {document.trainerId} · {document.trainerName}
        </Text>
        <Text size="sm">Sent: {formatTimestamp(document.sentAt)}</Text>
        <Text size="sm">Reminder sent: {formatTimestamp(document.reminderSentAt)}</Text>
        <Text size="sm">Signed: {formatTimestamp(document.signedAt)}</Text>
        <Group gap="xs" wrap="wrap">
          <Button
            component="a"
            href={document.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="sm"
          >
            View Document
          </Button>
          {canChange && canSendReminder(document) && (
            <Button
              size="sm"
              variant="light"
              loading={sendReminder.isPending}
              onClick={() =>
                sendReminder.mutate(document.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      title: 'Reminder Sent',
                      message: 'A reminder has been sent to the trainer to sign this document.',
                    }),
                  onError: () =>
                    notifications.show({
                      color: 'red',
                      title: 'Error',
                      message: 'Failed to send reminder. Please try again.',
                    }),
                })
              }
            >
              Send Reminder
            </Button>
          )}
          {canChange && canCheckStatus(document) && (
            <Button
              size="sm"
              variant="light"
              loading={checkStatus.isPending}
              onClick={() =>
                checkStatus.mutate(document.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      title: 'Status Checked',
                      message: 'Document status has been checked and updated if needed.',
                    }),
                  onError: () =>
                    notifications.show({
                      color: 'red',
                      title: 'Error',
                      message: 'Failed to check document status. Please try again.',
                    }),
                })
              }
            >
              Check Status
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Spec admin 2.4 and 4: counts, Refresh Status, the three tabs and the document cards. */
export function AdminDocumentsPage() {
  useDocumentTitle('Documents');
  const documents = useDocuments();
  const refresh = useRefreshDocuments();
  const canChange = useCanChangeAdminArea();
  const [tab, setTab] = useState<TabKey>('all');
  const list = documents.data ?? [];
  const pendingCount = list.filter((d) => DOCUMENT_TABS.pending(d.status)).length;
  const signedCount = list.filter((d) => DOCUMENT_TABS.signed(d.status)).length;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Document Management
        </Title>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to="/admin/documents/templates">
            Document templates
          </Anchor>
          <Button
            hidden={!canChange}
            loading={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    title: 'Refreshed',
                    message: 'Document statuses have been refreshed.',
                  }),
                onError: (error) =>
                  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
              })
            }
          >
            Refresh Status
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <CountCard label="All Documents" value={documents.data?.length} />
        <CountCard label="Pending Signatures" value={documents.data ? pendingCount : undefined} />
        <CountCard label="Completed" value={documents.data ? signedCount : undefined} />
      </SimpleGrid>
      {documents.isPending && <Loader aria-label="Loading documents" />}
      {documents.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(documents.error)}
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => setTab((value as TabKey | null) ?? 'all')}>
        <Tabs.List>
          {(Object.keys(TAB_LABELS) as TabKey[]).map((key) => (
            <Tabs.Tab key={key} value={key}>
              {TAB_LABELS[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(Object.keys(TAB_LABELS) as TabKey[]).map((key) => {
          const shown = list.filter((d) => DOCUMENT_TABS[key](d.status));
          return (
            <Tabs.Panel key={key} value={key} pt="md">
              {documents.data && shown.length === 0 ? (
                <Text c="gray.7">{documentMessages.noDocuments}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {shown.map((d) => (
                    <DocumentCard key={d.id} document={d} />
                  ))}
                </SimpleGrid>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
