import { Button, Center, Grid, Stack, Text } from '@mantine/core';
import { ErrorView } from '@/components/error-view';
import { AssistantCard } from '@/features/assistant';
import { CertificationStatusCard, InsuranceCard } from '@/features/certification';
import { DocumentsNotice } from '@/features/documents';
import { ShipmentsCard } from '@/features/inventory';
import { PaymentBanner, ResourcesPaused } from '@/features/payments';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useResources } from '../api/get-resources';
import { type TrainerSummary, useTrainerByEmail } from '../api/get-trainer-by-email';
import { useTrainerProfile } from '../api/get-trainer-profile';
import { CertificationCard } from './dashboard/certification-card';
import { OnboardingCard } from './dashboard/onboarding-card';
import { ResourcesPanel, ResourcesUnavailable } from './dashboard/resources-panel';
import { UpcomingTrainingCard } from './dashboard/upcoming-training-card';
import { WelcomeCard } from './dashboard/welcome-card';

function LoadingProfile() {
  return (
    <Center py="xl" mih="100vh">
      <Text role="status">Loading your profile...</Text>
    </Center>
  );
}

function TrainerHome({ trainer }: { trainer: TrainerSummary }) {
  const profile = useTrainerProfile(trainer.id);
  const resources = useResources();

  const accessPaused = isApiError(resources.error, 403) && resources.error.code === 'access_paused';

  if (profile.isPending) return <LoadingProfile />;
  // Without a profile the dashboard still works: 'Location not set' and 'Not set' say what is missing.
  const data = profile.data;
  return (
    <Stack gap="lg">
      <WelcomeCard name={trainer.name} city={data?.city} state={data?.state} picture={data?.profilePicture} />
      <PaymentBanner trainerId={trainer.id} />
      <DocumentsNotice trainerId={trainer.id} />
      <CertificationStatusCard trainerId={trainer.id} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <OnboardingCard trainerId={trainer.id} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {resources.data && (
              <UpcomingTrainingCard
                upcomingTraining={resources.data.upcomingTraining}
                trainingSchedule={resources.data.trainingSchedule}
              />
            )}
            <CertificationCard profile={data} />
            <InsuranceCard trainerId={trainer.id} />
            <ShipmentsCard trainerId={trainer.id} />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* Unpaid past the grace period: say so and offer to pay, keeping any list already shown. */}
      {accessPaused && <ResourcesPaused trainerId={trainer.id} error={resources.error} />}
      {resources.data ? (
        <ResourcesPanel categories={resources.data.categories} />
      ) : accessPaused ? null : (
        <ResourcesUnavailable error={resources.error} onRetry={() => resources.refetch()} />
      )}
      <AssistantCard />
    </Stack>
  );
}

interface DashboardBodyProps {
  email: string;
  /** 'Back to Login' has to end the session, or the login page would send the trainer straight back here. */
  onBackToLogin: () => void;
}

export function DashboardBody({ email, onBackToLogin }: DashboardBodyProps) {
  const trainer = useTrainerByEmail(email);

  if (trainer.isPending) return <LoadingProfile />;
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
  return <TrainerHome trainer={trainer.data} />;
}
