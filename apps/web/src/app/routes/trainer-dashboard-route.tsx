import { TrainerDashboard } from '@/features/trainer-portal';
import { TrainerPortalGate } from './trainer-portal-gate';

// The profile and enrolment routes take the guard from here, as before; the calendar from its own module, so as
// not to load the dashboard. (All three from there moved Mantine's shared chunks: /public/class/:id then went
// over the bundle budget.)
export { TrainerPortalGate };

export function TrainerDashboardRoute() {
  return (
    <TrainerPortalGate>
      {({ user, signOut }) => <TrainerDashboard user={user} onLogout={signOut} />}
    </TrainerPortalGate>
  );
}
