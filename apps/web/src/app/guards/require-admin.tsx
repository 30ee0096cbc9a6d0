import { seesAdminArea } from '@soulpunch/shared';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/features/auth';

/**
 * Keeps visitors and trainers out of the admin screens (administrators and read-only staff see them); the server
 * enforces the same rule on every call.
 */
export function RequireAdmin() {
  const session = useSession();
  if (session.isPending) return <PageLoader fill />;
  const user = session.data?.user;
  if (!user) return <Navigate to="/trainer-portal/login" replace />;
  if (!seesAdminArea(user)) return <Navigate to="/trainer-portal/dashboard" replace />;
  return <Outlet />;
}
