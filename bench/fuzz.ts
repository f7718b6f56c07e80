/**
 * The catalogue fuzz, run by hand (`npx tsx bench/fuzz.ts`): boots a local Herald with its own stand-ins and makes
 * FUZZ_CALLS (10,000) calls over every catalogue operation in turn, with payloads from bench/fuzzPayloads.ts
 * (shaped by the operation's schema, hostile, or random), alternately as organization 1's administrator and as
 * the administrator of a second organization (who holds no role in the first). Prints the answers per HTTP status,
 * every answer outside the error catalogue, and each 5xx with its operation, caller, payload and the server's
 * logged error; exits 1 when there is any 5xx. FUZZ_SEED repeats a run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { bootLocal } from '../functions/local/boot';
import { ERROR_CATALOGUE } from '../shared/errors';
import { CATALOGUE } from '../shared/services';
import { collectIds, mutate, mutation, payloadFor, seenIds } from './fuzzPayloads';

const CALLS = Number(process.env.FUZZ_CALLS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const PASSWORD = 'Fuzz@12345';

const errors: string[] = [];
/** every error the server logged over the run (a job a call handed off may fail after its answer), by message */
const loggedErrors = new Map<string, number>();
const dataDir = mkdtempSync(join(tmpdir(), 'herald-fuzz-'));
const herald = await bootLocal({
  dataDir,
  persistent: false,
  logLevel: 'error',
  logSink: (line) => {
    const record = JSON.parse(line) as { level?: string; msg?: string };
    if (record.level !== 'error') return;
    errors.push(line);
    loggedErrors.set(String(record.msg), (loggedErrors.get(String(record.msg)) ?? 0) + 1);
  },
  metricSink: () => undefined,
  config: { adminPassword: PASSWORD, tablePrefix: 'fuzz-' },
});

interface Answer {
  status: number;
  body: { state?: string; errorCode?: string; payload?: unknown };
}

async function call(service: string, payload: unknown, token?: string): Promise<Answer> {
  const res = await send(service, payload, token).catch((e: Error) => e);
  // no HTTP answer at all (a reset connection, a timeout): counted as status 0
  if (res instanceof Error) return { status: 0, body: { errorCode: `${res.message}: ${(res.cause as Error | undefined)?.message ?? ''}` } };
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: {} };
  }
}

function send(service: string, payload: unknown, token?: string): Promise<Response> {
  return fetch(`${herald.url}/service/web/api/index`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-device-id': 'fuzz',
      'x-app-key': herald.rt.config.portalAppKey,
      'x-timestamp': String(Date.now()),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ service, payload }),
    signal: AbortSignal.timeout(60_000),
  });
}

async function ok(service: string, payload: unknown, token?: string): Promise<any> {
  const answer = await call(service, payload, token);
  if (answer.body.state !== 'S') throw new Error(`${service}: ${answer.status} ${answer.body.errorCode}`);
  return answer.body.payload;
}

interface Caller {
  name: string;
  username: string;
  token?: string;
}

async function signIn(caller: Caller): Promise<void> {
  const answer = await call('auth.login', { username: caller.username, password: PASSWORD });
  caller.token = answer.body.state === 'S' ? (answer.body.payload as { accessToken: string }).accessToken : undefined;
}

const admin: Caller = { name: 'administrator of organization 1', username: 'admin' };
await signIn(admin);
const other = await ok('organization.save', { name: 'Fuzz other', code: 'FUZZ_OTHER' }, admin.token);
const inOther = (await ok('user.switchOrganization', { orgId: other.id }, admin.token)).accessToken;
const roleThere = (await ok('userRole.getAll', {}, inOther))[0].id;
await ok('user.save', { username: 'fuzz-other', email: 'fuzz-other@example.com', roleId: roleThere, password: PASSWORD }, inOther);
const stranger: Caller = { name: 'administrator of organization 2 only', username: 'fuzz-other' };
await signIn(stranger);
for (const service of ['user.getListByPage', 'userRole.getAll', 'organization.list']) collectIds(await ok(service, { page: 0, size: 50 }, admin.token));

const operations = [...CATALOGUE.keys()];
const arbitraries = new Map(operations.map((s) => [s, payloadFor(CATALOGUE.get(s)!.payload)]));
const byStatus = new Map<number, number>();
const accepted = new Map<string, unknown[]>();
const outsideCatalogue: string[] = [];
const faults: { service: string; caller: string; status: number; code: string; payload: string; logged: string[] }[] = [];
const shown = (payload: unknown) => {
  const text = JSON.stringify(payload) ?? String(payload);
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
};

console.log(`catalogue fuzz: ${CALLS} calls over ${operations.length} operations, seed ${SEED}`);
const started = Date.now();
for (let i = 0; i < CALLS; i++) {
  const service = operations[i % operations.length]!;
  const caller = Math.floor(i / operations.length) % 2 === 0 ? admin : stranger;
  // half the time, when the operation has accepted a payload before, one of those with a value changed
  const before = accepted.get(service) ?? [];
  const [change] = fc.sample(mutation, { numRuns: 1, seed: SEED + i });
  const payload =
    before.length > 0 && change!.pick % 2 === 0 ? mutate(before[change!.pick % before.length], change!) : fc.sample(arbitraries.get(service)!, { numRuns: 1, seed: SEED + i })[0];
  errors.length = 0;
  let answer = await call(service, payload, caller.token);
  // a call that ended the caller's session (logout, a changed role): sign in again and repeat it once
  if (answer.status === 401 && service !== 'auth.login') {
    await signIn(caller);
    answer = await call(service, payload, caller.token);
  }
  byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  if (answer.body.state === 'S') {
    collectIds(answer.body.payload);
    if (before.length < 20) accepted.set(service, [...before, payload]);
  } else if (!(String(answer.body.errorCode) in ERROR_CATALOGUE)) outsideCatalogue.push(`${service} ${answer.status} ${answer.body.errorCode}`);
  if (answer.status >= 500 || answer.status === 0)
    faults.push({ service, caller: caller.name, status: answer.status, code: String(answer.body.errorCode), payload: shown(payload), logged: [...errors] });
  if ((i + 1) % 1000 === 0) console.log(`  ${i + 1} calls, ${faults.length} × 5xx, ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

console.log(`\n${CALLS} calls in ${((Date.now() - started) / 1000).toFixed(0)} s (seed ${SEED})`);
for (const [status, n] of [...byStatus].sort(([a], [b]) => a - b)) console.log(`  HTTP ${status}: ${n}`);
console.log(`  5xx or no answer: ${faults.length}`);
console.log(`  answers outside the error catalogue: ${outsideCatalogue.length}; ids seen in answers: ${seenIds.strings.length + seenIds.numbers.length}`);
for (const line of outsideCatalogue.slice(0, 20)) console.log(`    ${line}`);
console.log(`  errors the server logged: ${[...loggedErrors.values()].reduce((a, b) => a + b, 0)}`);
for (const [message, n] of loggedErrors) console.log(`    ${n} × ${message}`);
for (const f of faults) {
  console.log(`\n5xx ${f.status} ${f.service} as ${f.caller}\n  answer ${f.code}\n  payload ${f.payload}`);
  for (const line of f.logged) console.log(`  logged ${line.slice(0, 1500)}`);
}

await herald.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(faults.length > 0 ? 1 : 0);
