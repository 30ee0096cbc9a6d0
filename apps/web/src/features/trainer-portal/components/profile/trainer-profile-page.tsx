import { Button, Center, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '@soulpunch/shared';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { trainerByEmailQueryOptions } from '../../api/get-trainer-by-email';
import { useTrainerProfile } from '../../api/get-trainer-profile';
import { NotificationChoices } from './notification-choices';
import { DASHBOARD_PATH, ProfileEditor } from './profile-editor';

function LoadingProfile() {
  return (
    <Center py="xl" mih="100vh">
      <Text role="status">Loading your profile...</Text>
    </Center>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ErrorView
      order={2}
      title="Unable to load your profile"
      message={getErrorMessage(error)}
      actions={<Button onClick={onRetry}>Try Again</Button>}
    />
  );
}

function EditorForTrainer({ trainerId }: { trainerId: number }) {
  const profile = useTrainerProfile(trainerId);
  if (profile.isPending) return <LoadingProfile />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => profile.refetch()} />;
  return <ProfileEditor key={trainerId} profile={profile.data} />;
}

export function TrainerProfilePage({ user }: { user: SessionUser }) {
  useDocumentTitle('Trainer Profile | Soul Punch');
  // A saved e-mail change renews the session under the new address; the editor stays while it reloads.
  const trainer = useQuery({ ...trainerByEmailQueryOptions(user.email), placeholderData: keepPreviousData });

  let body: ReactNode;
  if (trainer.isPending) body = <LoadingProfile />;
  else if (trainer.isError) {
    body = isApiError(trainer.error, 404) ? (
      <ErrorView
        order={2}
        title="Trainer profile not found"
        message={`Could not find trainer profile for ${user.email}`}
      />
    ) : (
      <LoadError error={trainer.error} onRetry={() => trainer.refetch()} />
    );
  } else body = <EditorForTrainer trainerId={trainer.data.id} />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            component={Link}
            to={DASHBOARD_PATH}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to Dashboard
          </Button>
          <Button
            component="a"
            href="/find-trainer"
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            View Trainer Directory
          </Button>
        </Group>
        <Title order={1}>Trainer Profile</Title>
        {body}
        <NotificationChoices />
      </Stack>
    </Container>
  );
}
