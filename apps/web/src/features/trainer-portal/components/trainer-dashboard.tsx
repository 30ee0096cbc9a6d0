import { Container } from '@mantine/core';
import type { SessionUser } from '@soulpunch/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DashboardBody } from './dashboard-body';

interface TrainerDashboardProps {
  user: SessionUser;
  /** Ends the session: 'Back to Login' when no trainer profile matches the e-mail. */
  onLogout: () => void;
}

/** The dashboard's content; the portal header around it belongs to the app's portal frame. */
export function TrainerDashboard({ user, onLogout }: TrainerDashboardProps) {
  useDocumentTitle('Dashboard | Soul Punch Trainer Portal');
  return (
    <Container size="lg" py="xl">
      <DashboardBody email={user.email} onBackToLogin={onLogout} />
    </Container>
  );
}
