import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';

/** Ends the session and lands on the login page, telling the person what is happening. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();

  function signOut({ quiet = false }: { quiet?: boolean } = {}) {
    if (!quiet) notifications.show({ message: 'Logging out' });
    logout.mutate(undefined, {
      onSuccess: () => navigate('/trainer-portal/login', { replace: true }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
    });
  }

  return { signOut, signingOut: logout.isPending };
}
