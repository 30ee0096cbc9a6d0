import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageNode, imageNodeMajor } from './image-node.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe("the image's Node", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is the major version of the Dockerfile's node image", () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const major = imageNodeMajor();
    expect(major).toMatch(/^\d+$/);
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${major}-`);
  });

  it("is a node binary of that version: this process's own, CI's, or one to install", () => {
    const major = imageNodeMajor();
    const mine = process.versions.node.split('.')[0] === major;
    if (!mine) vi.stubEnv(`TEST_NODE${major}`, '');
    let found;
    try {
      found = imageNode();
    } catch (error) {
      // Neither this process's nor installed: the message says how to get it.
      expect(mine).toBe(false);
      expect(String(error)).toContain(`npm install --prefix`);
      expect(String(error)).toContain(`@${major}`);
      return;
    }
    expect(execFileSync(found, ['--version'], { encoding: 'utf8' }).trim()).toMatch(
      new RegExp(`^v${major}\\.`),
    );
    if (mine) expect(found).toBe(process.execPath);
  });

  const major = imageNodeMajor();
  it.skipIf(process.versions.node.split('.')[0] === major)(
    "takes CI's binary (TEST_NODE<major>) when this process runs another line",
    () => {
      vi.stubEnv(`TEST_NODE${major}`, process.execPath);
      expect(imageNode()).toBe(process.execPath);
    },
  );
});
