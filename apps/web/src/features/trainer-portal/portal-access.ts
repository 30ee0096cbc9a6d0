import type { SessionUser } from '@soulpunch/shared';

export type PortalAccess =
  | { kind: 'allow'; user: SessionUser }
  | { kind: 'redirect'; to: string }
  /** Signed in but neither trainer nor admin: the session is useless here, so it is ended. */
  | { kind: 'sign-out' };

/** Spec 4's dashboard guard, read from the server session instead of browser storage. */
export function portalAccessFor(user: SessionUser | null | undefined): PortalAccess {
  if (!user) return { kind: 'redirect', to: '/trainer-portal/login' };
  if (user.roles.includes('trainer')) return { kind: 'allow', user };
  if (user.roles.includes('admin') || user.roles.includes('staff'))
    return { kind: 'redirect', to: '/trainers' };
  return { kind: 'sign-out' };
}
