import { trainerEmailSchema } from '@soulpunch/shared';
import type { AppDeps } from '../deps';
import { grantAdmin, listAdministrators, revokeAdmin } from '../modules/admin/service';
import { rotateCredentialKey } from '../modules/certification/credential-keys';

export const ADMIN_USAGE =
  'Usage: npm run admin -- add <email> | remove <email> | list | rotate-credential-key';

/**
 * `npm run admin`: the admin screens' own service calls, so the person is e-mailed, the change is kept the same
 * way and a repeat grant tells nobody anything. Returns the lines to print; a refusal throws its message.
 */
export async function runAdminCommand(deps: AppDeps, args: string[]): Promise<string[]> {
  const [command, rawEmail] = args;
  if (command === 'rotate-credential-key') {
    // Decision record 0015: the retired key stays published, so the credentials it signed still verify.
    const retired = await rotateCredentialKey(deps);
    return [
      retired
        ? `Credential key ${retired} retired: the next credential is signed by a new key (the old one stays published).`
        : 'No credential key to retire: the first credential makes one.',
    ];
  }
  if (command === 'list') {
    return (await listAdministrators(deps.db)).map((admin) => `${admin.email}\t${admin.name}`);
  }
  if ((command !== 'add' && command !== 'remove') || !rawEmail) throw new Error(ADMIN_USAGE);
  // The address as the admin screen reads it (trimmed, lower case), so both find the same account.
  const parsed = trainerEmailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new Error(`Not a valid e-mail address: ${rawEmail}`);
  const email = parsed.data;
  if (command === 'add') {
    const { granted } = await grantAdmin(deps, email, 'command line');
    return [
      granted ? `${email} is now an administrator (e-mailed).` : `${email} is already an administrator.`,
    ];
  }
  await revokeAdmin(deps, email, 'command line');
  return [`${email} is no longer an administrator (e-mailed).`];
}
