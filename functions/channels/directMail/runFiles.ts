// A run's files for the print provider: every letter the ledger says was stored (SENT). Built after the run (the
// adapter's afterRun) and again on download when they are missing, since afterRun is not retried; building twice
// writes the same files.
import { type SentRecord, shardsOfRun } from '../../../shared/entities';
import { csvLine } from '../../../shared/export/csv';
import { LETTERS_PER_FILE } from '../../../shared/services/directMail';
import { Accounts } from '../../domain/accounts';
import { eachRunShard } from '../../store/runShards';
import type { TenantStore } from '../../store/store';
import { addressesOf, type PostalAddressView } from '../addresses';
import { mergeLetterPdfs } from '../letterPdfWorker';
import { manifestKey, mergedKey, partsKey, type RunRef } from './keys';
import { type AddressHolder, printedAddress } from './render';

export const MANIFEST_COLUMNS = [
  'accountId',
  'recipientName',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'city',
  'region',
  'postcode',
  'country',
  'file',
  'pages',
  'mergedFile',
  'firstPage',
] as const;

/** Letters read from storage at once while merging. */
const READS_IN_FLIGHT = 16;

export interface SentLetter {
  accountId: string;
  address: string;
  key: string;
}

type TenantRun = Omit<RunRef, 'orgId'>;

export async function sentLetters(tenant: TenantStore, run: TenantRun): Promise<SentLetter[]> {
  const records = tenant.keyed('sentRecord');
  const shards = await eachRunShard(shardsOfRun(run), async (shard) => {
    const found: SentLetter[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await records.queryPage(`${run.planId}#${run.runId}#${shard}`, {
        sortPrefix: { name: 'recipient', value: 'DIRECT_MAIL#' },
        filter: { expression: '#st = :sent', names: { '#st': 'status' }, values: { ':sent': 'SENT' } },
        attributes: ['accountId', 'address', 'providerId'],
        startKey,
      });
      for (const r of page.items as Pick<SentRecord, 'accountId' | 'address' | 'providerId'>[]) {
        if (r.providerId) found.push({ accountId: r.accountId, address: r.address, key: r.providerId });
      }
      startKey = page.lastKey;
    } while (startKey);
    return found;
  });
  const out = shards.flat();
  return out.sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

async function bytesOf(tenant: TenantStore, key: string): Promise<Uint8Array | undefined> {
  const stored = await tenant.rt.ports.storage.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function postalAddresses(tenant: TenantStore, ids: readonly string[]): Promise<Map<string, { postal: PostalAddressView; holder: AddressHolder }>> {
  const out = new Map<string, { postal: PostalAddressView; holder: AddressHolder }>();
  const found = await new Accounts(tenant).getMany(ids);
  for (const a of found.values()) {
    const postal = addressesOf(a).address;
    if (postal) out.set(a.id, { postal, holder: a });
  }
  return out;
}

function addressColumns(letter: SentLetter, held: { postal: PostalAddressView; holder: AddressHolder } | undefined): unknown[] {
  const postal = held?.postal;
  if (held && postal && printedAddress(postal, held.holder) === letter.address) {
    const lines = postal.lines ?? [];
    return [postal.recipientName, lines[0], lines[1], lines.slice(2).join(', '), postal.city, postal.region, postal.postcode, postal.country];
  }
  const [name, ...rest] = letter.address.split('\n');
  return [name, rest[0], rest[1], rest.slice(2).join(', '), '', '', '', ''];
}

export async function buildRunFiles(tenant: TenantStore, of: TenantRun, perFile = LETTERS_PER_FILE): Promise<{ letters: number; parts: number }> {
  const run: RunRef = { planId: of.planId, runId: of.runId, orgId: tenant.orgId };
  const letters = await sentLetters(tenant, run);
  const pdfs: (Uint8Array | undefined)[] = new Array(letters.length);
  for (let i = 0; i < letters.length; i += READS_IN_FLIGHT) {
    await Promise.all(letters.slice(i, i + READS_IN_FLIGHT).map(async (l, j) => (pdfs[i + j] = await bytesOf(tenant, l.key))));
  }
  // a letter removed from storage since it was stored cannot be printed: it is left out, and said so
  const kept = letters.filter((_, i) => pdfs[i]);
  if (kept.length < letters.length) tenant.rt.log.warn('letters missing from storage are left out of the run files', { ...run, missing: letters.length - kept.length });
  const plan = await tenant.get('plan', run.planId);
  const keptPdfs = pdfs.filter((p): p is Uint8Array => Boolean(p));
  const parts = Math.ceil(kept.length / perFile);
  const merged: { pdf: Uint8Array; pages: number[] }[] = [];
  for (let part = 1; part <= parts; part++) {
    const title = `${plan?.name ?? run.planId} (${run.runId})${parts > 1 ? ` ${part}/${parts}` : ''}`;
    merged.push(await mergeLetterPdfs(keptPdfs.slice((part - 1) * perFile, part * perFile), title));
  }
  const postal = await postalAddresses(
    tenant,
    kept.map((l) => l.accountId),
  );
  let page = 1;
  const rows = kept.map((l, i) => {
    const part = Math.floor(i / perFile);
    if (i % perFile === 0) page = 1;
    const pages = merged[part]!.pages[i % perFile]!;
    const row = csvLine([l.accountId, ...addressColumns(l, postal.get(l.accountId)), l.key, pages, part + 1, page]);
    page += pages;
    return row;
  });
  const storage = tenant.rt.ports.storage;
  for (const [i, file] of merged.entries()) await storage.put(mergedKey(run, i + 1), file.pdf, 'application/pdf');
  // a UTF-8 byte order mark, so spreadsheets read Japanese and Chinese names as written
  await storage.put(manifestKey(run), `\uFEFF${csvLine(MANIFEST_COLUMNS)}${rows.join('')}`, 'text/csv; charset=utf-8');
  // last: its presence says every file above is stored
  await storage.put(partsKey(run), JSON.stringify({ letters: kept.length, parts }), 'application/json');
  return { letters: kept.length, parts };
}

/** The count written beside the manifest, or undefined when the files were never (completely) built. */
async function storedParts(tenant: TenantStore, run: RunRef): Promise<number | undefined> {
  const bytes = await bytesOf(tenant, partsKey(run));
  if (!bytes) return undefined;
  try {
    const parts = (JSON.parse(Buffer.from(bytes).toString('utf8')) as { parts?: unknown }).parts;
    return Number.isInteger(parts) && (parts as number) >= 0 ? (parts as number) : undefined;
  } catch {
    return undefined;
  }
}

/** The run's files, built now if they are not there (a run with no letter has a manifest and no merged PDF). */
export async function ensureRunFiles(tenant: TenantStore, of: TenantRun): Promise<{ parts: number }> {
  const run: RunRef = { planId: of.planId, runId: of.runId, orgId: tenant.orgId };
  const parts = await storedParts(tenant, run);
  return { parts: parts ?? (await buildRunFiles(tenant, run)).parts };
}
