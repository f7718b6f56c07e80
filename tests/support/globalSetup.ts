/**
 * One set of stand-ins (DynamoDB Local in memory, s3rver, SES) for the whole run, and a DynamoDB Local for each
 * further worker; every test file boots its own Herald on them with its own table prefix, so files never see
 * each other's data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Endpoints } from '../../functions/platform/aws';
import { type MailProviderStandIns, startDynamoInMemory, startStandIns } from '../../functions/local/standins';
import { pids, procStat } from './procStat';
import { TEST_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    standIns: Required<Endpoints> & { mailViewerUrl: string; mailProviders: MailProviderStandIns };
    /** a DynamoDB Local for each worker (the first is the stand-ins' own) */
    dynamodbs: string[];
  }
}

export default async function setup(project: TestProject) {
  // a run of the unit projects alone (`npm run test:units`) boots no Herald: it needs no stand-ins
  if (!project.vitest.projects.some((p) => p.name === 'servers')) return;
  const dir = mkdtempSync(join(tmpdir(), 'herald-test-'));
  const [standIns, ...more] = await Promise.all([startStandIns({ dataDir: dir, persistent: false }), ...Array.from({ length: TEST_WORKERS - 1 }, () => startDynamoInMemory())]);
  project.provide('standIns', { ...standIns.endpoints, mailViewerUrl: standIns.mailViewerUrl, mailProviders: standIns.mailProviders });
  project.provide('dynamodbs', [standIns.endpoints.dynamodb, ...more.map((d) => d.endpoint)]);
  return async () => {
    // what the run cost DynamoDB Local, which no test file's own figures include (HERALD_FILE_TIMES)
    if (process.env.HERALD_FILE_TIMES) console.log(`DynamoDB Local: ${javaCpuSeconds().toFixed(1)} CPU s over the run`);
    await Promise.all([standIns.stop(), ...more.map((d) => d.stop())]);
    rmSync(dir, { recursive: true, force: true });
  };
}

/** CPU seconds of the Java processes this process started (the DynamoDB Locals). */
function javaCpuSeconds(): number {
  return pids()
    .map(procStat)
    .filter((stat) => stat?.parent === process.pid && stat.name === 'java')
    .reduce((sum, stat) => sum + stat!.cpu, 0);
}
