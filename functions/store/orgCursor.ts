// Opaque cursors for cursor-paged lists, bound to the organization that read them and signed: a cursor that was
// changed, or made for another organization or list, is refused (400016) before it reaches a query.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '../../shared/errors';
import type { KeyRing } from '../platform/keys';
import type { Item, OrgKeyedEntity, TenantPageRead, TenantStore } from './store';

const REFUSED = 'payload.cursor: The cursor is not valid for this list. Start again from the first page.';

export interface CursorCodec<T> {
  encode(orgId: number, position: T): string;
  decode(orgId: number, cursor: string): T;
}

export function orgCursor<S extends z.ZodType>(keys: KeyRing, purpose: string, schema: S): CursorCodec<z.output<S>> {
  const key = createHash('sha256').update(`cursor:${purpose}:`).update(keys.sealKey).digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 18);
  return {
    encode(orgId, position) {
      const body = Buffer.from(JSON.stringify({ o: orgId, p: position })).toString('base64url');
      return `${body}.${sign(body).toString('base64url')}`;
    },
    decode(orgId, cursor) {
      const [body, signature, extra] = cursor.split('.');
      if (!body || !signature || extra !== undefined) throw new AppError('400016', REFUSED);
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('400016', REFUSED);
      const { o, p } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { o: unknown; p: unknown };
      const position = schema.safeParse(p);
      if (o !== orgId || !position.success) throw new AppError('400016', REFUSED);
      return position.data;
    },
  };
}

const partitionPosition = z.object({ list: z.record(z.string(), z.string()), after: z.string() });

/**
 * One page of one partition (an account's events, a delivery's history, a parameter's values) behind a signed cursor.
 */
export async function partitionPage(
  deps: { tenant: TenantStore; keys: KeyRing },
  entity: OrgKeyedEntity,
  page: { purpose: string; list: Record<string, string>; what?: string; cursor?: string; rest: string } & Omit<TenantPageRead, 'startKey' | 'index'>,
): Promise<{ items: Item[]; cursor?: string }> {
  const { purpose, list, what = 'list', cursor, rest, ...read } = page;
  const { orgId } = deps.tenant;
  const codec = orgCursor(deps.keys, purpose, partitionPosition);
  const position = cursor ? codec.decode(orgId, cursor) : undefined;
  if (position && Object.entries(list).some(([k, v]) => position.list[k] !== v)) {
    throw new AppError('400016', `payload.cursor: The cursor belongs to another ${what}. Start again from the first page.`);
  }
  // the keys are the caller's organization's: the tenant store builds them from `rest`
  const keyed = deps.tenant.keyed(entity);
  const found = await keyed.queryPage(rest, { ...read, startKey: position ? keyed.key(rest, position.after) : undefined });
  const last = found.lastKey ? keyed.sortOf(rest, found.lastKey) : undefined;
  return { items: found.items, cursor: last !== undefined ? codec.encode(orgId, { list, after: String(last) }) : undefined };
}
