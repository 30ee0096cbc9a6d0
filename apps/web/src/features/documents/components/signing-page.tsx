import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type DocumentDetail, documentMessages } from '@soulpunch/shared';
import { Link, useParams } from 'react-router';
import { useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { rememberReturnPath } from '@/lib/return-path';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDocument } from '../api/get-document';
import { useEsignConsent } from '../api/get-esign-consent';
import { useTrainerDocuments } from '../api/get-trainer-documents';
import { useSignDocument } from '../api/sign-document';
import { signingProgress } from '../signing-progress';
import { AuditTrail } from './audit-trail';
import { ConsentStep } from './consent-step';
import { DocumentStatusBadge } from './document-status-badge';
import { DocumentText } from './document-text';
import { ElectronicRecordsSection } from './electronic-records-section';
import { SignedState } from './signed-state';
import { SigningForm } from './signing-form';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function DocumentHeader({ document }: { document: DocumentDetail }) {
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Title order={1} fz="h2">
          {document.title}
        </Title>
        <DocumentStatusBadge status={document.status} />
      </Group>
      <Text c="gray.7">{document.description}</Text>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        Version {document.templateVersion} · SHA-256 {document.templateHash}
      </Text>
    </Stack>
  );
}

function SignInPrompt() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={1} fz="h2">
          Sign in to read and sign this document
        </Title>
        <Text>Your documents are only shown to you once you are signed in.</Text>
        <Button
          component={Link}
          to="/trainer-portal/login"
          onClick={() => rememberReturnPath()}
          w="fit-content"
        >
          Sign in
        </Button>
      </Stack>
    </Paper>
  );
}

function TrainerSigning({ id, trainerId }: { id: number; trainerId: number | null }) {
  const consent = useEsignConsent();
  const given = consent.data?.given != null;
  // The text is only fetched after consent, so 'viewed' is recorded when it can actually be read.
  const document = useDocument(id, given);
  // The signing lives here, not in the form the signature removes; the list is refreshed with the document.
  const sign = useSignDocument();
  const documents = useTrainerDocuments(trainerId);
  const justSigned = sign.isSuccess && sign.data.id === id;

  if (consent.isPending) return <Loader aria-label="Loading" />;
  if (consent.isError)
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(consent.error)}
      </Alert>
    );
  if (!consent.data.given) return <ConsentStep disclosure={consent.data.disclosure} />;
  if (document.isPending) return <Loader aria-label="Loading document" />;
  if (document.isError)
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(document.error)}
      </Alert>
    );
  const d = document.data;
  return (
    <Stack gap="lg">
      <DocumentHeader document={d} />
      {d.status === 'signed' && (
        <SignedState
          document={d}
          justSigned={justSigned}
          progress={documents.data ? signingProgress(documents.data) : null}
        />
      )}
      {d.status === 'expired' && (
        <Alert color="red" role="alert">
          {documentMessages.expired}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-label="Document text">
        <DocumentText body={d.body} />
      </Paper>
      {(d.status === 'sent' || d.status === 'pending') && (
        <SigningForm document={d} sign={sign} onVersionChanged={() => void document.refetch()} />
      )}
      <ElectronicRecordsSection consent={consent.data} />
      <Anchor component={Link} to="/onboarding/documents">
        All your documents
      </Anchor>
    </Stack>
  );
}

function AdminView({ id }: { id: number }) {
  const document = useDocument(id);
  if (document.isPending) return <Loader aria-label="Loading document" />;
  if (document.isError)
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(document.error)}
      </Alert>
    );
  const d = document.data;
  return (
    <Stack gap="lg">
      <DocumentHeader document={d} />
      <Text size="sm">
        Trainer ID: {d.trainerId} · {d.trainerName} · Sent: {formatTimestamp(d.sentAt)} · Signed:{' '}
        {formatTimestamp(d.signedAt)}
      </Text>
      {d.status === 'signed' && (
        <Button component="a" href={`/api/documents/${d.id}/pdf`} download w="fit-content">
          Download signed PDF
        </Button>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-label="Document text">
        <DocumentText body={d.body} />
      </Paper>
      <Title order={2} fz="h4">
        Audit trail
      </Title>
      <AuditTrail documentId={d.id} />
    </Stack>
  );
}

/** /trainer-portal/documents/:id: phone first. The trainer consents, reads and signs; an admin reads. */
export function SigningPage() {
  useDocumentTitle('Sign document');
  const id = parseId(useParams().id);
  const session = useSession();
  const user = session.data?.user;

  let content: React.ReactNode;
  if (session.isPending) content = <Loader aria-label="Loading" />;
  else if (id === null) content = <Alert color="red">This document address is not valid.</Alert>;
  else if (!user) content = <SignInPrompt />;
  else if (user.roles.includes('admin') || user.roles.includes('staff')) content = <AdminView id={id} />;
  else content = <TrainerSigning id={id} trainerId={user.trainerId} />;

  return (
    <Container size="sm" px="md" py="lg" component="main">
      {content}
    </Container>
  );
}
