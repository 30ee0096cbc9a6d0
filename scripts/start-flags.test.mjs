import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's node flags (V8's young generation and its garbage: decision records 0031 and 0032) are written in three places that start it
// in production: the image's CMD, `npm start` at the root and in apps/server (which the bench reads). They must agree.
const root = path.resolve(import.meta.dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const flagsOf = (command) => command.split(' ').filter((word) => word.startsWith('--'));

describe("the server's node flags", () => {
  const image = JSON.parse(/^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1] ?? '[]').join(' ');
  const server = JSON.parse(read('apps/server/package.json')).scripts.start;
  const rootStart = JSON.parse(read('package.json')).scripts.start;

  it("are the same in the image and in the server's npm start", () => {
    expect(image).toContain('apps/server/dist/server.js');
    expect(flagsOf(image)).toEqual(flagsOf(server));
    expect(flagsOf(server)).toEqual(
      expect.arrayContaining(['--max-semi-space-size=8', '--no-memory-reducer', '--expose-gc']),
    );
  });

  it("are the root npm start's too (it turns source maps on itself)", () => {
    expect(flagsOf(rootStart)).toEqual(flagsOf(server).filter((flag) => flag !== '--enable-source-maps'));
  });
});
