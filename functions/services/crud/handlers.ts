// The generic handlers of every entity the registry marks `crud`: list with the columns' filters and sorting,
// pickers, detail, save (new or versioned edit, unique values guarded in the same transaction, at most one record
// holding an `onlyOne` flag) and delete.
import type * as z from 'zod';
import type { InUse } from '../../../shared/entities/entity';
import { type CrudEntityDef, hiddenFields } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion, newId } from '../../store/audit';
import { matchesText, pageOfItems, type PageQuery } from '../../store/paging';
import type { BoundItem, TenantEntity } from '../../store/store';
import { releaseUnique, uniqueWrites as uniqueValueWrites } from '../../store/unique';
import { AppError } from '../../../shared/errors';
import { say } from '../../../shared/i18n/say';

type Row = Record<string, unknown>;
type Write = BoundItem;

export function crudHandlers(def: CrudEntityDef) {
  const entity = def.name as TenantEntity;
  const hidden = hiddenFields(def);
  const view = (record: Row): Row => Object.fromEntries(Object.entries(record).filter(([k]) => !hidden.has(k)));
  const columns = def.listColumns ?? [];
  const sortable = columns.filter((c) => c.sortable).map((c) => c.field);
  const { titleField, form, unique = [], onlyOne, inUse, contentFields = [] } = def.crud;

  const matches = (row: Row, q: Row) =>
    columns.every((c) => {
      const wanted = q[c.field];
      if (!c.filter || wanted === undefined || wanted === '') return true;
      return c.filter === 'text' ? matchesText(row[c.field], String(wanted)) : row[c.field] === wanted;
    });

  // The generic stack knows its entity only at run time: records are plain rows here, checked by the schemas.
  async function require(ctx: AuthedContext, id: string): Promise<Row> {
    return (await ctx.tenant.require(entity, id)) as Row;
  }
  async function all(ctx: AuthedContext): Promise<Row[]> {
    return (await ctx.tenant.list(entity)) as Row[];
  }

  async function uniqueWrites(ctx: AuthedContext, id: string, next: Row, stored?: Row): Promise<Write[]> {
    const writes: Write[] = [];
    for (const u of unique) {
      const change = { entity: def.name, field: u.field, owner: id, next: next[u.field], old: stored?.[u.field] };
      writes.push(...(await uniqueValueWrites(ctx.tenant, { ...change, code: u.code, message: u.message })));
    }
    return writes;
  }

  /** The ids a form's reference fields name must be the organization's own: another's answer as missing ones. */
  async function checkRefs(ctx: AuthedContext, fields: Row): Promise<void> {
    for (const f of form) {
      if ((f.kind !== 'ref' && f.kind !== 'refs') || !f.ref) continue;
      const value = fields[f.field];
      const ids = [...new Set((Array.isArray(value) ? value : value ? [value] : []) as string[])];
      const found = await Promise.all(ids.map((one) => ctx.tenant.get(f.ref as TenantEntity, one)));
      if (found.some((r) => !r)) throw new AppError('720009', `payload.${f.field}: ${say('entity.chosenMissing', { field: f.field })}`);
    }
  }

  async function onlyOneWrites(ctx: AuthedContext, id: string, next: Row): Promise<Write[]> {
    const flag = typeof onlyOne === 'string' ? onlyOne : onlyOne?.field;
    const per = typeof onlyOne === 'object' ? onlyOne.per : undefined;
    if (!flag || next[flag] !== true) return [];
    const holders = (await all(ctx)).filter((r) => r.id !== id && r[flag] === true && (!per || r[per] === next[per]));
    const now = ctx.rt.clock.now();
    return holders.map((r) => ctx.tenant.putVersioned(entity, { ...r, [flag]: false, ...auditNext(r as never, now, ctx.identity.userId) } as never, r.version as number));
  }

  return {
    async getListByPage(q: PageQuery & Row, ctx: AuthedContext) {
      const rows = (await all(ctx)).filter((r) => matches(r, q)).map(view);
      return pageOfItems(rows, q, sortable, def.crud.defaultSort);
    },

    async getAll(_p: unknown, ctx: AuthedContext) {
      const rows = (await all(ctx)).map(view);
      return rows.sort((a, b) => String(a[titleField]).localeCompare(String(b[titleField])));
    },

    async detail({ id }: { id: string }, ctx: AuthedContext) {
      return view(await require(ctx, id));
    },

    async save(p: Row & { id?: string; version?: number }, ctx: AuthedContext) {
      const now = ctx.rt.clock.now();
      const stored = p.id ? await require(ctx, p.id) : undefined;
      // a content field left out keeps its stored value (the form saves without them), or a new record's default
      const content = contentFields.map((f) => [f, p[f] ?? stored?.[f] ?? (def.schema.shape as Record<string, z.ZodType>)[f].parse(undefined)]);
      const given = Object.fromEntries([...form.map((f) => [f.field, p[f.field]]), ...content]);
      const fields = { ...given, ...def.crud.derive?.(given) };
      if (stored) checkVersion(stored as never, p.version);
      await checkRefs(ctx, fields);
      const id = (stored?.id as string | undefined) ?? newId();
      const next: Row = stored
        ? { ...stored, ...fields, ...auditNext(stored as never, now, ctx.identity.userId) }
        : ctx.tenant.own({ id, ...fields, ...auditNew(now, ctx.identity.userId) });
      const writes: Write[] = [
        stored ? ctx.tenant.putVersioned(entity, next as never, stored.version as number) : ctx.tenant.putNew(entity, next as never),
        ...(await uniqueWrites(ctx, id, next, stored)),
        ...(await onlyOneWrites(ctx, id, next)),
      ];
      await ctx.tenant.transact(writes);
      return view(next);
    },

    async delete({ id }: { id: string }, ctx: AuthedContext) {
      const stored = await require(ctx, id);
      for (const pointer of inUse === undefined ? [] : Array.isArray(inUse) ? (inUse as readonly InUse[]) : [inUse as InUse]) {
        const holders = (await ctx.tenant.list(pointer.entity as TenantEntity, [pointer.field] as never)) as Row[];
        if (holders.some((h) => h[pointer.field] === id || (Array.isArray(h[pointer.field]) && (h[pointer.field] as unknown[]).includes(id))))
          throw new AppError('720009', pointer.message);
      }
      await ctx.tenant.transact([ctx.tenant.deleteItem(entity, id, '720007'), ...unique.map((u) => releaseUnique(ctx.tenant, def.name, u.field, stored[u.field]))]);
      return { ok: true as const };
    },
  };
}
