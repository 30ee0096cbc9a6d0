import { Avatar, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { ComingSoon } from '@/components/coming-soon';
import { ErrorView } from '@/components/error-view';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useTrainerByEmail } from '../api/get-trainer-by-email';

function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return initials || '?';
}

interface DashboardBodyProps {
  email: string;
  /** 'Back to Login' has to end the session, or the login page would send the trainer straight back here. */
  onBackToLogin: () => void;
}

export function DashboardBody({ email, onBackToLogin }: DashboardBodyProps) {
  const trainer = useTrainerByEmail(email);

  if (trainer.isPending) {
    return (
      <Center py="xl">
        <Text role="status">Loading your profile...</Text>
      </Center>
    );
  }
  if (trainer.isError) {
    const notFound = isApiError(trainer.error, 404);
    return (
      <ErrorView
        order={2}
        title={notFound ? 'Trainer profile not found' : 'Unable to load your profile'}
        message={notFound ? `Could not find trainer profile for ${email}` : getErrorMessage(trainer.error)}
        actions={
          notFound ? (
            <Button onClick={onBackToLogin}>Back to Login</Button>
          ) : (
            <Button onClick={() => trainer.refetch()}>Try Again</Button>
          )
        }
      />
    );
  }

  const { name } = trainer.data;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group gap="md">
          <Avatar size="lg" radius="xl" color="blue">
            {initialsOf(name)}
          </Avatar>
          <div>
            <Title order={2} size="h3">
              Welcome back, {name}!
            </Title>
            <Text c="gray.7">Certified Trainer</Text>
          </div>
        </Group>
      </Card>
      <ComingSoon title="Onboarding and Training Resources" order={2} />
    </Stack>
  );
}
