/**
 * Accounts: a cursor-paged list with search by id prefix or exact primary address, detail, versioned saves and delete.
 */
import * as z from 'zod';
import { ACCOUNT_MESSAGES, type Account } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { E164, normalizePhone } from '../../../shared/phone';
import { badField } from '../../contract/problems';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { orgCursor, partitionPage } from '../../store/orgCursor';
import { Accounts } from '../../domain/accounts';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { say } from '../../../shared/i18n/say';

const COUNT_MS = 5_000;

const listPosition = z.object({ after: z.string(), search: z.string() });

function cursors(ctx: AuthedContext) {
  return orgCursor(ctx.rt.keys, 'account.list', listPosition);
}

async function requireAccount(accounts: Accounts, id: string): Promise<Account> {
  const account = await accounts.get(id);
  if (!account) throw new AppError('720003');
  return account;
}

async function storedPhones(ctx: AuthedContext, typed: readonly string[] | undefined): Promise<string[] | undefined> {
  if (!typed) return undefined;
  let country: Promise<string> | undefined;
  const phones: string[] = [];
  for (const [i, raw] of typed.entries()) {
    const text = raw.normalize('NFKC').trim();
    const phone = text.startsWith('+')
      ? text.replace(/[\s().-]/g, '')
      : normalizePhone(text, (await (country ??= organizationSettingOf(ctx.tenant).then((s) => s.defaultCountry))) || undefined);
    if (!phone || !E164.test(phone)) badField(`phones.${i}`, ACCOUNT_MESSAGES.phone);
    if (phones.includes(phone)) badField('phones', ACCOUNT_MESSAGES.phoneTwice);
    phones.push(phone);
  }
  return phones;
}

export const accountHandlers: AreaHandlers<'account'> = {
  async getListByPage({ search = '', cursor, size }, ctx) {
    const accounts = new Accounts(ctx.tenant);
    const codec = cursors(ctx);
    const position = cursor ? codec.decode(accounts.orgId, cursor) : undefined;
    if (position && position.search !== search) {
      throw new AppError('400016', `payload.cursor: ${say('request.cursorOtherSearch')}`);
    }
    // An address is unique enough that its matches fit one page.
    if (search.includes('@')) return { list: position ? [] : await accounts.byEmail(search, size) };
    const page = await accounts.page({ after: position?.after, prefix: search || undefined, size });
    const last = page.accounts.at(-1);
    return { list: page.accounts, cursor: page.more && last ? codec.encode(accounts.orgId, { after: last.id, search }) : undefined };
  },

  async count(_p, ctx) {
    return new Accounts(ctx.tenant).count(COUNT_MS);
  },

  async detail({ id }, ctx) {
    return requireAccount(new Accounts(ctx.tenant), id);
  },

  async devices({ id }, ctx) {
    // the account first: another organization's id answers as a missing one
    await requireAccount(new Accounts(ctx.tenant), id);
    const devices = await ctx.tenant.keyed('device').list(id);
    return devices.sort((a, b) => b.dateUpdated - a.dateUpdated);
  },

  async permissionRecords({ id }, ctx) {
    await requireAccount(new Accounts(ctx.tenant), id);
    const page = await ctx.tenant.keyed('permissionRecord').queryPage(id, {
      forward: false,
      limit: 200,
    });
    return page.items as never;
  },

  async events({ id, cursor, size }, ctx) {
    await requireAccount(new Accounts(ctx.tenant), id);
    const page = await partitionPage({ tenant: ctx.tenant, keys: ctx.rt.keys }, 'accountEvent', {
      purpose: 'account.events',
      list: { id },
      what: 'account',
      cursor,
      rest: id,
      forward: false,
      limit: size,
    });
    return { list: page.items as never, cursor: page.cursor };
  },

  async tracks({ id, thingId, cursor, size }, ctx) {
    await requireAccount(new Accounts(ctx.tenant), id);
    // the account's own events, time-ordered: the track points are read with a filter, so a page may hold fewer
    // than `size` (its cursor goes on) and never reads another account's
    const page = await partitionPage({ tenant: ctx.tenant, keys: ctx.rt.keys }, 'accountEvent', {
      purpose: 'account.tracks',
      list: { id, thingId: thingId ?? '' },
      what: 'account',
      cursor,
      rest: id,
      forward: false,
      limit: size,
      filter: {
        expression: thingId ? '#type = :type AND #thing = :thing' : '#type = :type',
        names: { '#type': 'type', ...(thingId ? { '#thing': 'thingId' } : {}) },
        values: { ':type': 'thing.track', ...(thingId ? { ':thing': thingId } : {}) },
      },
    });
    return {
      list: page.items.map((e) => ({ eventKey: String(e.eventKey), at: Number(e.at), thingId: String(e.thingId), ...(e.properties ? { properties: e.properties as never } : {}) })),
      cursor: page.cursor,
    };
  },

  async save({ version, phones: typedPhones, ...given }, ctx) {
    const phones = await storedPhones(ctx, typedPhones);
    const fields = { ...given, ...(phones ? { phones } : {}) };
    const accounts = new Accounts(ctx.tenant);
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    if (version === undefined) {
      const account: Account = { orgId: accounts.orgId, ...fields, ...auditNew(now, actor) };
      await accounts.create(account);
      return account;
    }
    const stored = await requireAccount(accounts, fields.id);
    checkVersion(stored, version);
    const next: Account = { ...stored, ...fields, ...auditNext(stored, now, actor) };
    await accounts.replace(next, stored.version);
    return next;
  },

  async delete({ id }, ctx) {
    await new Accounts(ctx.tenant).remove(id);
    return { ok: true };
  },
};
