import { Container } from '@mantine/core';
import type { SessionUser } from '@soulpunch/shared';
import { DashboardBody } from './dashboard-body';
import { PortalHeader } from './portal-header';

interface TrainerDashboardProps {
  user: SessionUser;
  onLogout: () => void;
  loggingOut: boolean;
}

export function TrainerDashboard({ user, onLogout, loggingOut }: TrainerDashboardProps) {
  return (
    <>
      <PortalHeader
        showAdminView={user.roles.includes('admin')}
        onLogout={onLogout}
        loggingOut={loggingOut}
      />
      <Container size="lg" py="xl">
        <DashboardBody email={user.email} onBackToLogin={onLogout} />
      </Container>
    </>
  );
}
