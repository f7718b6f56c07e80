/**
 * The server side of `bench/api.ts`, run as its own process (`node --import tsx bench/server.ts`) so that the
 * load generator's CPU is not the server's. Boots the local Herald, adds BENCH_MEMBERS - 1 members to
 * organization 1 with batch writes, and counts the DynamoDB calls of requests (a middleware added here to the
 * running server's client, leaving out the local queue's and scheduler's polls: nothing in the server's code). Talks to its parent over IPC: sends
 * `ready` with the URL, answers `count` with the calls so far, and stops on `stop`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootLocal } from '../functions/local/boot';
import { ENTITY_LIST, tableName } from '../shared/entities';
import { seedMembers } from './seedMembers';

export type ToServer = { type: 'count' } | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; url: string; appKey: string; adminPassword: string; members: number }
  | { type: 'count'; calls: number; byCommand: Record<string, number> };

export const BENCH_ADMIN_PASSWORD = 'Bench@1234';

const members = Number(process.env.BENCH_MEMBERS ?? 51);
const send = (message: FromServer) => process.send!(message);

const dataDir = mkdtempSync(join(tmpdir(), 'herald-bench-'));
const herald = await bootLocal({ dataDir, persistent: false, logLevel: 'silent', config: { adminPassword: BENCH_ADMIN_PASSWORD, tablePrefix: 'bench-' } });

const byCommand: Record<string, number> = {};
let calls = 0;
// The local queue and scheduler poll their own tables on timers: those calls are not a request's.
const standInTables = new Set(ENTITY_LIST.filter((d) => d.localOnly).map((d) => tableName(herald.rt.config.tablePrefix, d)));
const tablesOf = (input: { TableName?: string; RequestItems?: object }) => (input.TableName ? [input.TableName] : Object.keys(input.RequestItems ?? {}));
herald.rt.aws.dynamo.middlewareStack.add(
  (next, context) => (args) => {
    const tables = tablesOf(args.input as { TableName?: string; RequestItems?: object });
    if (!tables.every((t) => standInTables.has(t))) {
      calls++;
      byCommand[context.commandName ?? '?'] = (byCommand[context.commandName ?? '?'] ?? 0) + 1;
    }
    return next(args);
  },
  { step: 'initialize', name: 'benchCallCounter' },
);

await seedMembers(herald.rt, members - 1);

process.on('message', async (message: ToServer) => {
  if (message.type === 'count') send({ type: 'count', calls, byCommand: { ...byCommand } });
  if (message.type === 'stop') {
    await herald.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
send({ type: 'ready', url: herald.url, appKey: herald.rt.config.portalAppKey, adminPassword: BENCH_ADMIN_PASSWORD, members });
