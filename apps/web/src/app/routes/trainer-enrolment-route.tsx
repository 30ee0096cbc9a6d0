import { PortalEnrolmentPage } from '@/features/payments';
import { TrainerPortalGate } from './trainer-dashboard-route';

/** The e-mailed enrolment link of a trainer an admin added (PORTAL_ENROLMENT_PATH). */
export function TrainerEnrolmentRoute() {
  return (
    <TrainerPortalGate>
      {({ user }) => (user.trainerId ? <PortalEnrolmentPage trainerId={user.trainerId} /> : null)}
    </TrainerPortalGate>
  );
}
