// Reads of the send ledger by run and by address.
// A page walks the run's shards in order by cursor, so a read costs the page, never the run.
import type { SentState } from '../../../shared/delivery';
import { type SentRecord, shardsOfRun } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { REQUEST_TEXTS } from '../../../shared/i18n';
import type { AuthedContext } from '../../contract/context';
import { eachRunShard } from '../../store/runShards';

interface SentCursor {
  run: string;
  shard: number;
  after?: string;
}

export function decodeCursor<T>(cursor: string): T {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object') return value as T;
  } catch {
    // answered below
  }
  throw new AppError('400016', REQUEST_TEXTS.cursor);
}

export const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function sentRecordPage(
  ctx: AuthedContext,
  q: { planId: string; runId: string; shards?: number; status?: SentState; cursor?: string; size: number },
): Promise<{ list: SentRecord[]; cursor?: string }> {
  const shards = shardsOfRun(q);
  let at: SentCursor = { run: q.runId, shard: 0 };
  if (q.cursor) {
    at = decodeCursor<SentCursor>(q.cursor);
    const validAfter = at.after === undefined || (typeof at.after === 'string' && at.after.length <= 1000);
    if (at.run !== q.runId || !Number.isInteger(at.shard) || at.shard < 0 || at.shard >= shards || !validAfter) throw new AppError('400016', REQUEST_TEXTS.cursor);
  }
  const list: SentRecord[] = [];
  const sent = ctx.tenant.keyed('sentRecord');
  const { status } = q;
  while (list.length < q.size && at.shard < shards) {
    // the run's shard of the caller's organization: `<orgId>#<planId>#<runId>#<shard>` (runShardKey)
    const rest = `${q.planId}#${q.runId}#${at.shard}`;
    const out = await sent.queryPage(rest, {
      ...(status ? { filter: { expression: '#s = :s', names: { '#s': 'status' }, values: { ':s': status } } } : {}),
      startKey: at.after ? sent.key(rest, at.after) : undefined,
      limit: q.size - list.length,
    });
    list.push(...(out.items as SentRecord[]));
    const last = out.lastKey?.recipient as string | undefined;
    at = last ? { ...at, after: last } : { run: q.runId, shard: at.shard + 1 };
  }
  return { list, cursor: at.shard < shards ? encodeCursor(at) : undefined };
}

/** Every record of a run (of one status), in shard order, shards read in parallel: for an export, whose size the caller has capped. */
export async function allSentRecords(ctx: AuthedContext, run: { planId: string; runId: string; shards?: number }, status?: SentState): Promise<SentRecord[]> {
  const shards = await eachRunShard(shardsOfRun(run), async (shard) => {
    const found: SentRecord[] = [];
    for await (const page of ctx.tenant.keyed('sentRecord').pages(`${run.planId}#${run.runId}#${shard}`)) {
      found.push(...(status ? page.filter((r) => r.status === status) : page));
    }
    return found;
  });
  return shards.flat();
}

interface AddressCursor {
  form: number;
  after?: { addressKey: string; doneAt: number; runShard: string; recipient: string };
}

export async function sendsToAddress(ctx: AuthedContext, keys: readonly string[], q: { cursor?: string; size: number }): Promise<{ list: SentRecord[]; cursor?: string }> {
  let at: AddressCursor = { form: 0 };
  if (q.cursor) {
    at = decodeCursor<AddressCursor>(q.cursor);
    const a = at.after;
    // the key must be one of this search's own: a cursor never opens another partition (another organization's)
    const validAfter =
      a === undefined ||
      (typeof a === 'object' && a.addressKey === keys[at.form] && typeof a.doneAt === 'number' && typeof a.runShard === 'string' && typeof a.recipient === 'string');
    if (!Number.isInteger(at.form) || at.form < 0 || at.form >= keys.length || !validAfter) throw new AppError('400016', REQUEST_TEXTS.cursor);
  }
  const list: SentRecord[] = [];
  while (list.length < q.size && at.form < keys.length) {
    // the organization's own address forms (addressKeyOf): the store puts its organization back in front
    const own = `${ctx.tenant.orgId}#`;
    const key = keys[at.form]!;
    if (!key.startsWith(own)) throw new AppError('720003');
    const page = await ctx.tenant.keyed('sentRecord').prefixedIndexPage('byAddress', key.slice(own.length), {
      forward: false,
      limit: q.size - list.length,
      startKey: at.after,
    });
    list.push(...(page.items as SentRecord[]));
    at = page.lastKey ? { form: at.form, after: page.lastKey as AddressCursor['after'] } : { form: at.form + 1 };
  }
  return { list, cursor: at.form < keys.length ? encodeCursor(at) : undefined };
}
