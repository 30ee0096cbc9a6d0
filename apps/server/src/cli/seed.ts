import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { gatherStatistics } from '../db/statistics';
import { DEFAULT_DEMO_TRAINER_COUNT } from '../demo/demo-count';
import { insertDemoData } from '../demo/demo-data';
import { openConfiguredDatabase, runCli } from './open';

const USAGE = 'Usage: npm run seed -- [--trainers N] [--reset]';

runCli(async () => {
  const { values } = parseArgs({
    options: { trainers: { type: 'string' }, reset: { type: 'boolean', default: false } },
  });
  const count = values.trainers === undefined ? DEFAULT_DEMO_TRAINER_COUNT : Number(values.trainers);
  if (!Number.isInteger(count) || count < 1 || count > 100_000)
    throw new Error(`${USAGE}\nN must be 1 to 100000.`);

  const { db, close } = await openConfiguredDatabase();
  try {
    const existing = await db
      .selectFrom('trainers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0 && !values.reset) {
      throw new Error(
        `The database already has ${existing.n} trainers. Add --reset to replace them.\n${USAGE}`,
      );
    }
    if (values.reset) {
      // Trainers, their accounts and everything hanging off them; administrators without a trainer record stay.
      await sql`delete from users where id in (select user_id from trainers where user_id is not null)`.execute(
        db,
      );
      await db.deleteFrom('trainers').execute();
    }
    const started = Date.now();
    await insertDemoData(db, count);
    // As after any bulk load: the planner's statistics (PGlite has no autovacuum; PostgreSQL's would come later).
    await gatherStatistics(db);
    console.log(`Seeded ${count} trainers in ${Date.now() - started} ms.`);
  } finally {
    await close();
  }
});
