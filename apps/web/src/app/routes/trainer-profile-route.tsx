import { AssistantLauncher } from '@/features/assistant';
import { TrainerProfilePage } from '@/features/trainer-portal';
import { TrainerPortalGate } from './trainer-dashboard-route';

export function TrainerProfileRoute() {
  return (
    <TrainerPortalGate>
      {({ user }) => (
        <>
          <TrainerProfilePage user={user} />
          <AssistantLauncher />
        </>
      )}
    </TrainerPortalGate>
  );
}
