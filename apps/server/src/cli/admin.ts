import { emailSchema } from '@soulpunch/shared';
import {
  ensureUser,
  findUserByEmail,
  grantRole,
  listUsersWithRole,
  revokeRole,
} from '../modules/users/repository';
import { openConfiguredDatabase, runCli } from './open';

const USAGE = 'Usage: npm run admin -- add <email> | remove <email> | list';

runCli(async () => {
  const [command, rawEmail] = process.argv.slice(2);
  if (command !== 'list' && ((command !== 'add' && command !== 'remove') || !rawEmail))
    throw new Error(USAGE);
  const { db, close } = await openConfiguredDatabase();
  try {
    if (command === 'list') {
      for (const admin of await listUsersWithRole(db, 'admin')) console.log(`${admin.email}\t${admin.name}`);
      return;
    }
    const parsed = emailSchema.safeParse(rawEmail);
    if (!parsed.success) throw new Error(`Not a valid e-mail address: ${rawEmail}`);
    const email = parsed.data;
    if (command === 'add') {
      const user = await ensureUser(db, email, email.split('@')[0] ?? email);
      await grantRole(db, user.id, 'admin');
      console.log(`${email} is now an administrator.`);
    } else {
      const user = await findUserByEmail(db, email);
      if (!user) throw new Error(`No user with e-mail ${email}.`);
      const admins = await listUsersWithRole(db, 'admin');
      if (admins.length === 1 && admins[0]?.id === user.id)
        throw new Error('Cannot remove the last administrator.');
      await revokeRole(db, user.id, 'admin');
      console.log(`${email} is no longer an administrator.`);
    }
  } finally {
    await close();
  }
});
