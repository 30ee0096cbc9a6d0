import type { SessionUser } from '@soulpunch/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/features/auth';
import { portalAccessFor } from '@/features/trainer-portal';
import { useSignOut } from './use-sign-out';

// Its own module: the calendar's route uses the guard without loading the dashboard's code.

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

interface TrainerPortalGateProps {
  children: (portal: { user: SessionUser; signOut: () => void; signingOut: boolean }) => ReactNode;
}

/** The dashboard guard of spec 4, shared by every trainer-portal screen. */
export function TrainerPortalGate({ children }: TrainerPortalGateProps) {
  const session = useSession();
  const { signOut, signingOut } = useSignOut();

  if (session.isPending) return <PageLoader fill />;
  const access = portalAccessFor(session.data?.user);
  switch (access.kind) {
    case 'redirect':
      return <Navigate to={access.to} replace />;
    case 'sign-out':
      return <EndUselessSession signOut={() => signOut({ quiet: true })} />;
    case 'allow':
      return children({ user: access.user, signOut: () => signOut(), signingOut });
  }
}
