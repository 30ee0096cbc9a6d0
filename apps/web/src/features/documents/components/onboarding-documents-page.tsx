import { Alert, Button, Card, Container, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { documentMessages, documentTypeTitle } from '@soulpunch/shared';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTrainerDocuments } from '../api/get-trainer-documents';
import {
  AFTER_LAST_SIGNATURE,
  ALL_SIGNED_NEXT_STEP,
  signedCount,
  signingProgress,
} from '../signing-progress';
import { DocumentStatusBadge } from './document-status-badge';

/** Spec admin 2.7: the three required documents, signed over required, Continue only when all are signed. */
export function OnboardingDocumentsPage() {
  useDocumentTitle('Sign Your Documents');
  const navigate = useNavigate();
  const session = useSession();
  const trainerId = session.data?.user?.trainerId ?? null;
  const documents = useTrainerDocuments(trainerId);
  const required = (documents.data ?? []).filter((d) => d.required);
  const progress = signingProgress(documents.data ?? []);
  const allSigned = documents.isSuccess && progress.allSigned;

  let body: React.ReactNode;
  if (session.isPending || (trainerId !== null && documents.isPending)) {
    body = <Loader aria-label="Loading your documents" />;
  } else if (!session.data?.user) {
    body = (
      <Alert color="blue" title="Please sign in">
        <Stack gap="xs">
          <Text size="sm">Sign in to see and sign your documents.</Text>
          <Button component={Link} to="/trainer-portal/login" w="fit-content">
            Sign in
          </Button>
        </Stack>
      </Alert>
    );
  } else if (trainerId === null) {
    body = <Alert color="blue">This account has no documents to sign.</Alert>;
  } else if (documents.isError) {
    body = (
      <Alert color="red" role="alert">
        {getErrorMessage(documents.error)}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm">{signedCount(progress)}</Text>
          <Progress.Root size="lg">
            <Progress.Section
              value={progress.required ? (progress.signed / progress.required) * 100 : 0}
              aria-label={`${progress.signed} of ${progress.required} required documents signed`}
            />
          </Progress.Root>
        </Stack>
        {required.map((d) => (
          <Card key={d.id} withBorder radius="md" padding="md" component="article" aria-label={d.title}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} fz="h4">
                  {d.title || documentTypeTitle(d.type)}
                </Title>
                <DocumentStatusBadge status={d.status} />
              </Group>
              <Text size="sm" c="gray.7">
                {d.description}
              </Text>
              <Button
                component={Link}
                to={`/trainer-portal/documents/${d.id}`}
                variant={d.status === 'signed' ? 'default' : 'filled'}
                w="fit-content"
                aria-label={`${d.status === 'signed' ? 'View' : 'Review and sign'} ${d.title}`}
              >
                {d.status === 'signed' ? 'View' : 'Review and sign'}
              </Button>
            </Stack>
          </Card>
        ))}
        <Text role="status" c="gray.8">
          {allSigned ? ALL_SIGNED_NEXT_STEP : documentMessages.signAll}
        </Text>
        <Button size="md" disabled={!allSigned} onClick={() => navigate(AFTER_LAST_SIGNATURE)}>
          Continue
        </Button>
      </Stack>
    );
  }

  return (
    <Container size="sm" px="md" py="lg" component="main">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          Sign Your Documents
        </Title>
        <Text>Please read and sign the three documents your certification needs.</Text>
        {body}
      </Stack>
    </Container>
  );
}
