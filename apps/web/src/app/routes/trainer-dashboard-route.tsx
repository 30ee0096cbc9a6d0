import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/features/auth';
import { portalAccessFor, TrainerDashboard } from '@/features/trainer-portal';
import { useSignOut } from './use-sign-out';

function EndUselessSession({ signOut }: { signOut: () => void }) {
  // Effects run twice in development; one logout request is enough.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut();
  }, [signOut]);
  return <PageLoader label="Signing out" />;
}

export function TrainerDashboardRoute() {
  const session = useSession();
  const { signOut, signingOut } = useSignOut();

  if (session.isPending) return <PageLoader />;
  const access = portalAccessFor(session.data?.user);
  switch (access.kind) {
    case 'redirect':
      return <Navigate to={access.to} replace />;
    case 'sign-out':
      return <EndUselessSession signOut={() => signOut({ quiet: true })} />;
    case 'allow':
      return <TrainerDashboard user={access.user} onLogout={() => signOut()} loggingOut={signingOut} />;
  }
}
