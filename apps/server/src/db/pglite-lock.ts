import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite is a single-process database: two processes on one directory corrupt it. A lock file holding
 * the owner's pid makes the second process fail at once; a lock left by a crashed process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      assertDataDirFree(dataDir);
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dataDir}.`);
}

/**
 * Fails when another live process holds the directory. The server calls it before loading the rest of the app,
 * so a second process stops in a moment instead of after its whole start-up.
 */
export function assertDataDirFree(dataDir: string): void {
  let owner: number;
  try {
    owner = Number(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (owner && owner !== process.pid && isRunning(owner)) {
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is already in use by process ${owner}. ` +
        'Stop that process (the running server, or another command) or set DATA_DIR to another folder.',
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
