import { TrainerDashboard } from '@/features/trainer-portal';
import { TrainerPortalGate } from './trainer-portal-gate';

export function TrainerDashboardRoute() {
  return (
    <TrainerPortalGate>
      {({ user, signOut }) => <TrainerDashboard user={user} onLogout={signOut} />}
    </TrainerPortalGate>
  );
}
