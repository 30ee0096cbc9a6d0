import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { imageAllocatorEnv } from './image-allocator.mjs';

// CI installs Debian's libjemalloc2 (.ci/run); a machine without it is told what to install.
const installed = /\slibjemalloc\.so\.2 /.test(execFileSync('ldconfig', ['-p'], { encoding: 'utf8' }));

describe("the image's memory allocator", () => {
  it.skipIf(!installed)('is jemalloc, which takes its MALLOC_CONF without a complaint', () => {
    const env = imageAllocatorEnv();
    expect(env.LD_PRELOAD).toMatch(/\/libjemalloc\.so\.2$/);
    const run = spawnSync(
      process.execPath,
      ['-e', "process.stdout.write(require('node:fs').readFileSync('/proc/self/maps', 'utf8'))"],
      { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    // jemalloc writes '<jemalloc>: Invalid conf pair' (and the like) for a setting it does not know.
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('libjemalloc.so.2');
  });

  it.skipIf(installed)('says what to install where it is missing', () => {
    expect(() => imageAllocatorEnv()).toThrow('apt-get install -y libjemalloc2');
  });
});
