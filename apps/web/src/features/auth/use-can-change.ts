import { useSession } from './api/get-session';

/**
 * Whether the signed-in person may change things in the admin area: administrators may, staff only look. The
 * server refuses staff's writes whatever the page shows; this only hides or disables the controls.
 */
export function useCanChangeAdminArea(): boolean {
  return useSession().data?.user?.roles.includes('admin') ?? false;
}
