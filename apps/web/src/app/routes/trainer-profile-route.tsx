import { Container } from '@mantine/core';
import { AssistantLauncher } from '@/features/assistant';
import { TrainerReviewsCard } from '@/features/reviews';
import { TrainerProfilePage } from '@/features/trainer-portal';
import { TrainerPortalGate } from './trainer-dashboard-route';

export function TrainerProfileRoute() {
  return (
    <TrainerPortalGate>
      {({ user }) => (
        <>
          <TrainerProfilePage user={user} />
          {/* Reviews from people who attended, and the ones the profile features. */}
          {user.trainerId !== null && (
            <Container size="lg" pb="xl">
              <TrainerReviewsCard trainerId={user.trainerId} />
            </Container>
          )}
          <AssistantLauncher />
        </>
      )}
    </TrainerPortalGate>
  );
}
