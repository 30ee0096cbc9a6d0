// Only signed-in people see this frame: it brings all of Mantine's styles (app/public-styles.ts).
import '../all-styles';
import { useSession } from '@/features/auth';
import { useSignOut } from '../routes/use-sign-out';
import { PortalHeader } from './portal-header';

/** The portal header wired to the session: Admin View for a trainer who is also an administrator. */
export function PortalFrameHeader() {
  const session = useSession();
  const { signOut, signingOut } = useSignOut();
  const roles = session.data?.user?.roles ?? [];
  return (
    <PortalHeader
      showAdminView={roles.includes('admin') || roles.includes('staff')}
      onLogout={() => signOut()}
      loggingOut={signingOut}
    />
  );
}
