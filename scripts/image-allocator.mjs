// The memory allocator the image runs the server with (the Dockerfile's `ENV LD_PRELOAD` and `ENV MALLOC_CONF`:
// jemalloc, decision record 0032), as environment variables for a server started on this machine: the bench and
// the production smoke run it as the image does. The library's path in the image is a link made there; here it is
// wherever Debian's libjemalloc2 put it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LIBRARY = 'libjemalloc.so.2';

/** The value of `ENV <name>=<value>` in the Dockerfile's runtime stage, or null. */
function imageEnv(name) {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  return new RegExp(`^ENV ${name}=(\\S+)$`, 'm').exec(dockerfile)?.[1] ?? null;
}

/** Where the dynamic linker finds the library on this machine, or null. */
function installedLibrary() {
  const known = execFileSync('ldconfig', ['-p'], { encoding: 'utf8' });
  return known.match(new RegExp(`\\s${LIBRARY.replaceAll('.', '\\.')} \\(.*\\) => (\\S+)`))?.[1] ?? null;
}

/**
 * `{ LD_PRELOAD, MALLOC_CONF }` as the image sets them, the library found on this machine. With `install`, Debian's
 * libjemalloc2 is installed when missing (as the bench installs wrk); otherwise a missing library is an error
 * that says what to install.
 */
export function imageAllocatorEnv({ install = false } = {}) {
  const preload = imageEnv('LD_PRELOAD');
  const conf = imageEnv('MALLOC_CONF');
  if (!preload || !preload.endsWith(`/${LIBRARY}`) || !conf)
    throw new Error(
      `The Dockerfile no longer preloads ${LIBRARY} with a MALLOC_CONF: update ${import.meta.filename}.`,
    );
  let library = installedLibrary();
  if (!library && install) {
    console.log('  installing jemalloc (apt-get install -y libjemalloc2)');
    execFileSync('apt-get', ['install', '-y', '-qq', 'libjemalloc2'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    library = installedLibrary();
  }
  if (!library) throw new Error(`${LIBRARY} is not installed: apt-get install -y libjemalloc2`);
  return { LD_PRELOAD: library, MALLOC_CONF: conf };
}
