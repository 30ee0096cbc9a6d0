import { Container } from '@mantine/core';
import { TrainerBookingsPanel } from '@/features/calendar';
import { TrainerCalendarPage } from '@/features/classes';
import { TrainerPortalGate } from './trainer-portal-gate';

/** The portal's Calendar: the trainer's classes, then the sessions and consultations the admins publish. */
export function TrainerCalendarRoute() {
  return (
    <TrainerPortalGate>
      {({ user }) => (
        <>
          <TrainerCalendarPage user={user} />
          {user.trainerId !== null && (
            <Container size="xl" pb="xl">
              <TrainerBookingsPanel />
            </Container>
          )}
        </>
      )}
    </TrainerPortalGate>
  );
}
