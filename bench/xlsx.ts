/**
 * The same 100,000 account rows as .xlsx and as CSV, each read through the server's file reader (`filePages`, as
 * cloud sources and preset parameters read a delivery) and checked row by row as an import checks them (1 row in
 * 200 has a bad e-mail address). Each file is read in a child process of its own, so its peak memory (max RSS) is
 * its own. Prints rows, failed rows, time and peak memory per format.
 *
 * BENCH_ROWS (100000) changes the size. Not part of the test suite: `npx tsx bench/xlsx.ts`.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import writeExcelFile from 'write-excel-file/node';
import { type ImportPlan, rowChange } from '../shared/import/accountImport';
import { filePages } from '../shared/import/xlsx';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MB = 1024 * 1024;
const HEADER = ['customer_id', 'email', 'last_name', 'score', 'phone', 'joined'];

const PLAN: ImportPlan = {
  columns: HEADER,
  mappings: [
    { column: 1, target: 'email', type: 'text' },
    { column: 2, target: 'lastName', type: 'text' },
    { column: 3, target: 'attribute', attribute: 'score', type: 'number' },
    { column: 4, target: 'phone', type: 'text' },
    { column: 5, target: 'attribute', attribute: 'joined', type: 'date' },
  ],
  primaryKeyColumn: 0,
  keyCase: 'NORMAL',
  splitChar: ',',
  encoding: 'UTF-8',
} as ImportPlan;

/** One child: reads `file` through filePages, checks every data row, prints a JSON line. */
async function readOne(file: string): Promise<void> {
  const began = performance.now();
  let rows = 0;
  let failed = 0;
  const chunks = createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Uint8Array>;
  for await (const page of filePages(chunks, { name: file, delimiter: ',', pageSize: 1000 })) {
    for (const [i, cells] of page.rows.entries()) {
      if (page.fromRow + i === 1 || cells.length === 0) continue;
      rows++;
      const read = rowChange(cells, PLAN, { defaultCountry: 'JP' });
      if (!read || 'reason' in read || read.warnings) failed++;
    }
  }
  const ms = performance.now() - began;
  console.log(JSON.stringify({ rows, failed, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'herald-bench-xlsx-'));
  try {
    const data: (string | number | Date)[][] = [HEADER];
    for (let i = 0; i < ROWS; i++) {
      const bad = i % 200 === 199;
      data.push([
        `C${String(i).padStart(7, '0')}`,
        bad ? 'not-an-address' : `c${i}@example.com`,
        `Last ${i}`,
        (i % 1000) / 10,
        819012340000 + i,
        new Date(Date.UTC(2025, i % 12, 15)),
      ]);
    }
    const csvFile = join(dir, 'accounts.csv');
    const text = data.map((r) => r.map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v))).join(',')).join('\r\n');
    writeFileSync(csvFile, `${text}\r\n`);
    const xlsxFile = join(dir, 'accounts.xlsx');
    const cells = data.map((r) => r.map((value) => (value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd' } : { value })));
    await writeExcelFile(cells).toFile(xlsxFile);

    const self = fileURLToPath(import.meta.url);
    console.log(`${ROWS.toLocaleString('en-US')} rows, 1 in 200 failing; each format read and checked in its own process`);
    for (const file of [csvFile, xlsxFile]) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', self, 'read', file], { encoding: 'utf8', maxBuffer: 10 * MB });
      const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { rows: number; failed: number; ms: number; maxRssMb: number };
      const size = statSync(file).size / MB;
      console.log(
        `${file.endsWith('.xlsx') ? 'xlsx' : 'csv '}: ${size.toFixed(1)} MB file, ${r.rows} rows, ${r.failed} failed, ${(r.ms / 1000).toFixed(2)} s (${Math.round(r.rows / (r.ms / 1000)).toLocaleString('en-US')} rows/s), peak memory ${Math.round(r.maxRssMb)} MB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'read') await readOne(process.argv[3]!);
else await main();
