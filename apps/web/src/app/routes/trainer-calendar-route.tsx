import { TrainerCalendarPage } from '@/features/classes';
import { TrainerPortalGate } from './trainer-dashboard-route';

export function TrainerCalendarRoute() {
  return <TrainerPortalGate>{({ user }) => <TrainerCalendarPage user={user} />}</TrainerPortalGate>;
}
