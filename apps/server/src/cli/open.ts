import { databaseTargetFor } from '../app';
import { loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** Opens the configured database for a command-line task, migrated, and reports bad configuration plainly. */
export async function openConfiguredDatabase() {
  loadDotEnv();
  const config = loadConfig();
  const handle = await openDatabase(databaseTargetFor(config));
  await migrateToLatest(handle.db);
  return { ...handle, config };
}

export function runCli(task: () => Promise<void>) {
  task().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
