/**
 * A 100,000-row CSV imported the way the browser imports it: the file streamed from disk through the shared CSV
 * reader, its rows sent page by page to `dataImport.appendRows` over HTTP, then `finish`. The server runs in this
 * process, so the resident memory sampled here covers both sides. Prints rows per second, peak RSS, RSS as the
 * import advances (it must stay flat: nothing holds the file), and the local DynamoDB's raw BatchWriteItem rate
 * measured in the same run after the import, as the ceiling the import is compared with.
 *
 * BENCH_ROWS (100000) changes the size. Run it as `node --expose-gc --import tsx bench/import.ts` to also see the
 * live heap after a collection at each step: RSS includes memory V8 keeps from earlier collections; the live heap
 * is what shows that nothing accumulates.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { bootLocal } from '../functions/local/boot';
import { apiCaller } from './call';
import { Accounts } from '../functions/domain/accounts';
import { Store } from '../functions/store/store';
import type { Account } from '../shared/entities';
import { csvHead, uploadPages } from '../shared/import/upload';
import { IMPORT_CELL_MAX } from '../shared/services';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RAW_ITEMS = 10_000;
const MB = 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'herald-bench-import-'));
const file = join(dir, 'accounts.csv');

/** Writes the CSV a line at a time (never whole in memory): 1 row in 200 bad. */
async function writeCsv(): Promise<void> {
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('\uFEFFcustomer_id,email,first_name,last_name,country,locale,plan,score,joined,tags\r\n');
  const countries = ['JP', 'US', 'DE', 'GB', 'KR'];
  for (let i = 0; i < ROWS; i++) {
    const bad = i % 200 === 199;
    const email = bad ? 'not-an-address' : `c${i}@example.com`;
    await write(
      `C${String(i).padStart(7, '0')},${email},"First ${i}",Last,${countries[i % 5]},ja-JP,${['gold', 'silver', 'free'][i % 3]},${i % 1000},2025-0${(i % 9) + 1}-15,vip;news\r\n`,
    );
  }
  out.end();
  await once(out, 'finish');
}

const herald = await bootLocal({ dataDir: dir, persistent: false, logLevel: 'silent', config: { adminPassword: 'Bench@1234', tablePrefix: 'benchimp-' } });

const call = apiCaller(herald);

/** The raw bulk-write rate of this DynamoDB: the same item shape, written by the same code, no HTTP, no reads. */
async function rawWriteRate(): Promise<number> {
  const accounts = new Accounts(new Store(herald.rt).forOrg(999));
  const items: Account[] = Array.from({ length: RAW_ITEMS }, (_, i) => ({
    orgId: 999,
    id: `R${i}`,
    emails: [`r${i}@example.com`],
    firstName: `First ${i}`,
    lastName: 'Last',
    country: 'JP',
    locale: 'ja-JP',
    tags: ['vip', 'news'],
    attributes: { plan: 'gold', score: i % 1000, joined: '2025-01-15T00:00:00.000Z' },
    emailConsent: false,
    smsConsent: false,
    pushConsent: false,
    lineConsent: false,
    version: 1,
    dateCreated: 1,
    dateUpdated: 1,
    createdBy: 'b',
    updatedBy: 'b',
  }));
  const started = performance.now();
  for (let i = 0; i < items.length; i += 500) await accounts.putMany(items.slice(i, i + 500));
  return RAW_ITEMS / ((performance.now() - started) / 1000);
}

try {
  await writeCsv();
  const totalBytes = statSync(file).size;
  const { accessToken } = await call('auth.login', { username: 'admin', password: 'Bench@1234' });

  const headText = await new Promise<string>((resolve, reject) => {
    const s = createReadStream(file, { start: 0, end: 65535, encoding: 'utf8' });
    let text = '';
    s.on('data', (d) => (text += d))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
  const head = csvHead(headText);
  const created = await call(
    'dataImport.create',
    {
      fileName: 'accounts.csv',
      totalBytes,
      columns: head.header,
      splitChar: head.delimiter,
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'email' },
        { column: 2, target: 'firstName' },
        { column: 3, target: 'lastName' },
        { column: 4, target: 'country' },
        { column: 5, target: 'locale' },
        { column: 6, target: 'attribute', attribute: 'plan' },
        { column: 7, target: 'attribute', attribute: 'score', type: 'number' },
        { column: 8, target: 'attribute', attribute: 'joined', type: 'date' },
        { column: 9, target: 'tags' },
      ],
    },
    accessToken,
  );

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const checkpoints: string[] = [];
  let nextCheckpoint = 0.1;
  const started = performance.now();
  let record = created;
  for await (const page of uploadPages(createReadStream(file, { highWaterMark: 64 * 1024 }), { delimiter: head.delimiter, cellMax: IMPORT_CELL_MAX })) {
    record = await call('dataImport.appendRows', { id: created.id, ...page }, accessToken);
    const done = record.rowsRead / ROWS;
    if (done >= nextCheckpoint) {
      global.gc?.();
      const m = process.memoryUsage();
      checkpoints.push(`${Math.round(done * 100)}%: ${(m.rss / MB).toFixed(0)} MB${global.gc ? ` (heap ${(m.heapUsed / MB).toFixed(0)} MB)` : ''}`);
      nextCheckpoint += 0.2;
    }
  }
  record = await call('dataImport.finish', { id: created.id }, accessToken);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  // measured after the import, on the same warm DynamoDB Local
  const rawRate = await rawWriteRate();

  const rate = record.rowsRead / seconds;
  console.log(`\nData import of ${ROWS.toLocaleString('en-US')} CSV rows (${(totalBytes / MB).toFixed(1)} MB, UTF-8 with BOM), streamed in pages through dataImport.appendRows`);
  console.log(`  rows read     ${record.rowsRead} (created ${record.created}, updated ${record.updated}, failed ${record.failed})`);
  console.log(`  time          ${seconds.toFixed(1)} s`);
  console.log(`  rows/s        ${rate.toFixed(0)}`);
  console.log(`  raw writes/s  ${rawRate.toFixed(0)} (BatchWriteItem of the same accounts, no HTTP and no reads; ratio ${(rate / rawRate).toFixed(2)})`);
  console.log(
    `  RSS           before ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - baseline) / MB).toFixed(0)} MB for a ${(totalBytes / MB).toFixed(1)} MB file)`,
  );
  console.log(`  RSS by progress  ${checkpoints.join(', ')}`);
  if (record.status !== 'DONE' || record.rowsRead !== ROWS) process.exitCode = 1;
} finally {
  await herald.stop();
  rmSync(dir, { recursive: true, force: true });
}
