/** `npm test` on a machine without Chromium: it stops before building or running anything, and says why. */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

// PATH holds only an `npx` that leaves a mark, so a build or a vitest run started by mistake shows.
const bin = mkdtempSync(join(tmpdir(), 'herald-run-test-'));
const mark = join(bin, 'npx-was-run');
writeFileSync(join(bin, 'npx'), `#!/bin/sh\ntouch '${mark}'\nexit 1\n`);
chmodSync(join(bin, 'npx'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

it('names the install command and closes with a failure when Chromium is absent', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/run.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { PATH: bin, HERALD_CHROMIUM: '/nonexistent' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(run.stderr).toContain('apt-get install -y chromium');
  expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  expect(run.status).toBe(1);
  expect(existsSync(mark)).toBe(false);
});
