/**
 * The spec's export cap at full size: an organization of EXPORT_CAP + 1 accounts (BENCH_ACCOUNTS to change it),
 * exported through `dataExport.create` and the job worker as a member asks for it, then downloaded. Prints the
 * seed and export times, the rows kept, whether the run says it was capped, the file's size and the peak resident
 * memory (the server runs in this process). Fails when the export does not hold exactly the first EXPORT_CAP ids.
 * `npm test` shows the same code's cap on 50 records (tests/api/dataExport.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '../functions/domain/accounts';
import { bootLocal } from '../functions/local/boot';
import { apiCaller } from './call';
import { Store } from '../functions/store/store';
import { accountSchema } from '../shared/entities';
import { EXPORT_CAP } from '../shared/export/csv';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? EXPORT_CAP + 1);
const MB = 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'herald-bench-export-'));
const herald = await bootLocal({ dataDir: dir, persistent: false, logLevel: 'silent', config: { adminPassword: 'Bench@1234', tablePrefix: 'benchexp-' } });

const call = apiCaller(herald);

const idOf = (i: number) => `c${String(i).padStart(7, '0')}`;
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);

try {
  const { accessToken } = await call('auth.login', { username: 'admin', password: 'Bench@1234' });
  const now = Date.now();
  let started = performance.now();
  const accounts = new Accounts(new Store(herald.rt).forOrg(1));
  const CHUNK = 10_000;
  for (let from = 0; from < ACCOUNTS; from += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, ACCOUNTS - from) }, (_, i) => from + i);
    await accounts.putMany(
      ids.map((i) =>
        accountSchema.parse({ orgId: 1, id: idOf(i), emails: [`c${i}@example.com`], version: 1, dateCreated: now, dateUpdated: now, createdBy: 'bench', updatedBy: 'bench' }),
      ),
    );
  }
  const seedSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const created = await call('dataExport.create', { title: 'Everyone', exportType: 'ACCOUNTS', columns: ['id', 'email'] }, accessToken);
  let run = created;
  while (run.state === 'RUNNING') {
    await herald.jobs.idle();
    run = await call('dataExport.detail', { id: created.id }, accessToken);
    if (run.state === 'RUNNING') await new Promise((r) => setTimeout(r, 100));
  }
  const exportSeconds = (performance.now() - started) / 1000;
  const { url } = await call('dataExport.download', { id: created.id }, accessToken);
  const text = await (await fetch(url)).text();
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const ids = lines.slice(1).map((l) => l.split(',')[0]);
  const kept = Math.min(ACCOUNTS, EXPORT_CAP);
  const inOrder = ids.length === kept && ids.every((id, i) => id === idOf(i));

  console.log(`\nData export of an organization of ${ACCOUNTS.toLocaleString('en-US')} accounts (cap ${EXPORT_CAP.toLocaleString('en-US')})`);
  console.log(`  seed          ${seedSeconds.toFixed(1)} s (BatchWriteItem through Accounts.putMany)`);
  console.log(`  export        ${exportSeconds.toFixed(1)} s, state ${run.state}, rows ${run.rows}, capped ${run.capped}`);
  console.log(`  file          ${(text.length / MB).toFixed(1)} MB, ${ids.length} records, the first ${kept} ids in order: ${inOrder}`);
  console.log(`  peak RSS      ${(peak / MB).toFixed(0)} MB`);
  if (run.state !== 'DONE' || run.rows !== kept || run.capped !== ACCOUNTS > EXPORT_CAP || !inOrder) process.exitCode = 1;
} finally {
  clearInterval(sampler);
  await herald.stop();
  rmSync(dir, { recursive: true, force: true });
}
