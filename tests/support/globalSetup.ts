/**
 * One set of stand-ins (DynamoDB Local in memory, s3rver, SES) for the whole run; every test file boots its own
 * Herald on them with its own table prefix, so files never see each other's data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStandIns } from '../../functions/local/standins';

declare module 'vitest' {
  export interface ProvidedContext {
    standIns: { dynamodb: string; s3: string; ses: string; sms: string; pinpoint: string; line: string; mailViewerUrl: string };
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'herald-test-'));
  const standIns = await startStandIns({ dataDir: dir, persistent: false });
  project.provide('standIns', { ...standIns.endpoints, mailViewerUrl: standIns.mailViewerUrl });
  return async () => {
    await standIns.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
