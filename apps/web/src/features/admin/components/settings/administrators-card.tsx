import { useAdministrators } from '../../api/get-administrators';
import { useStaff } from '../../api/get-staff';
import { useGrantAdmin } from '../../api/grant-admin';
import { useGrantStaff } from '../../api/grant-staff';
import { useRevokeAdmin } from '../../api/revoke-admin';
import { useRevokeStaff } from '../../api/revoke-staff';
import { TeamCard, type TeamRoleWords } from './team-card';

const ADMINISTRATORS: TeamRoleWords = {
  id: 'administrators',
  title: 'Administrators',
  grantLabel: 'Grant admin role',
  grantButton: 'Grant Admin Role',
  added: { title: 'Administrator added', message: (email) => `${email} can now use the admin area.` },
  remove: {
    dialog: 'Remove administrator?',
    button: 'Remove Administrator',
    warning: (email) => `${email} will no longer be able to use the admin area.`,
  },
  removed: { title: 'Administrator removed', message: (email) => `${email} is no longer an administrator.` },
};

const STAFF: TeamRoleWords = {
  id: 'staff',
  title: 'Staff',
  description:
    'Staff see the whole admin area but cannot change anything: trainers, documents, payments, settings.',
  grantLabel: 'Grant staff role',
  grantButton: 'Grant Staff Role',
  added: { title: 'Staff added', message: (email) => `${email} can now view the admin area.` },
  remove: {
    dialog: 'Remove staff member?',
    button: 'Remove Staff',
    warning: (email) => `${email} will no longer be able to view the admin area.`,
  },
  removed: { title: 'Staff removed', message: (email) => `${email} is no longer staff.` },
};

/** Administrators: the last one cannot be removed (the server refuses, with its message). */
export function AdministratorsCard() {
  return (
    <TeamCard
      words={ADMINISTRATORS}
      members={useAdministrators()}
      grant={useGrantAdmin()}
      revoke={useRevokeAdmin()}
    />
  );
}

/** Read-only staff (decision record 0016). */
export function StaffCard() {
  return <TeamCard words={STAFF} members={useStaff()} grant={useGrantStaff()} revoke={useRevokeStaff()} />;
}
