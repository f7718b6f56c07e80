/**
 * A channel's reach from the audience snapshot: for an organization of mixed addresses, consents, opt-outs and
 * devices, the reach `segment.count` answers on every channel equals the full read's (`countMatching`: each member
 * asked of the channel's adapter and its opt-out list, as the send asks them); an account change (consent off, an
 * address removed) shows in the next reach; another organization's accounts and opt-outs never count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../functions/domain/accounts';
import type { LocalHerald } from '../../functions/local/boot';
import { countMatching, READ_LIMITS, targetKey } from '../../functions/services/segment';
import { Store, type TenantStore } from '../../functions/store/store';
import { CHANNELS, type Channel } from '../../shared/delivery';
import { type Account, type PostalAddress, unsubscriptionId, unsubscriptionTarget } from '../../shared/entities';
import { adapterOf } from '../../functions/channels';
import { rebuildSnapshot } from '../../functions/domain/audience/rebuild';
import type { Rule } from '../../shared/segment';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { seededAt } from '../support/seeding';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let mine: TenantStore;
let theirs: TenantStore;
let ourAccounts: Account[];
let theirAccounts: Account[];

const SEEDED = 240;
const RULE: Rule = { op: 'AND', conditions: [{ field: 'attributes.cohort', operator: 'equals', value: 'reach' }] };

/** Postal addresses a letter reaches, one it skips (no postcode), one only the account's country completes, and a printed one listed. */
const POSTAL: (PostalAddress | undefined)[] = [
  { lines: ['1-2-3 Jingumae'], region: '東京都', city: '渋谷区', postcode: '150-0001', country: 'JP' },
  { lines: ['10 Downing St'], city: 'London', postcode: 'SW1A 2AA', country: 'GB', recipientName: 'Ann Lee' },
  { lines: ['1 Queen’s Rd'], city: 'Central' },
  { lines: [], region: '大阪府' },
  undefined,
];

function seed(orgId: number): Account[] {
  let s = 11 + orgId;
  const r = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: SEEDED }, (_, i) => {
    const postal = pick(POSTAL);
    return {
      orgId,
      id: `reach-${String(i).padStart(4, '0')}`,
      emails: r() < 0.8 ? [`r${i}@example.com`] : [],
      ...(r() < 0.6 ? { phones: [`+8190${String(10000000 + i)}`] } : {}),
      ...(r() < 0.5 ? { lineUserId: `U${i.toString(16).padStart(32, '0')}` } : {}),
      ...(postal ? { address: postal } : {}),
      firstName: pick(['Ann', 'Taro', undefined]),
      lastName: pick(['Lee', '山田', undefined]),
      country: pick(['JP', 'HK', 'US', undefined]),
      tags: [],
      attributes: { cohort: r() < 0.85 ? 'reach' : 'other' },
      emailConsent: r() < 0.7,
      smsConsent: r() < 0.6,
      pushConsent: r() < 0.6,
      lineConsent: r() < 0.6,
      ...seededAt(Date.now()),
    } satisfies Account;
  });
}

/** Opt-outs of every 7th account's address on each channel, the address as the channel's adapter reaches it. */
async function listSome(tenant: TenantStore, accounts: readonly Account[]) {
  const some = accounts.filter((_, i) => i % 7 === 0);
  for (const channel of CHANNELS) {
    if (channel === 'PUSH_NATIVE') continue;
    for (const [i, reach] of (await adapterOf(channel).reach(some, tenant)).entries()) {
      if ('reason' in reach) continue;
      const target = reach.address;
      await tenant.put('messageUnsubscription', {
        id: unsubscriptionId(channel, target),
        channelName: channel,
        target,
        source: i % 2 ? 'UNSUBSCRIBE' : 'BOUNCE',
        dateCreated: Date.now(),
      });
    }
  }
}

/** Push devices of a few accounts: live and notifiable, live with notifications refused, and uninstalled. */
async function putDevices(tenant: TenantStore, accounts: readonly Account[]) {
  for (const [i, a] of accounts.entries()) {
    if (i % 3 === 2) continue;
    await tenant.keyed('device').put(a.id, {
      deviceId: `dev-${a.id}`,
      accountId: a.id,
      platform: 'IOS',
      channel: 'APNS_SANDBOX',
      pushToken: `token-${a.id}`,
      permission: i % 5 === 0 ? 'NOT_ALLOW' : 'ALWAYS',
      active: i % 4 !== 0,
      source: 'SDK',
      dateUpdated: Date.now(),
    });
  }
}

/** The snapshot's reach on `channel` beside the full read's: equal, or the test fails. */
async function sameAsFullRead(channel: Channel) {
  const fast = await admin.ok('segment.count', { rule: RULE, channel });
  const full = await countMatching(mine, { rule: RULE }, Date.now(), undefined, channel);
  expect({ channel, count: fast.count, total: fast.total, reach: fast.reach }).toEqual({ channel, count: full.count, total: full.total, reach: full.reach });
  return fast;
}

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'reach'));
  mine = new Store(herald.rt).forOrg(1);
  const orgs = await admin.ok('organization.list', { page: 0, size: 50 });
  const otherId = orgs.list.find((o: { code: string }) => o.code === 'OTHER_REACH')!.id as number;
  theirs = new Store(herald.rt).forOrg(otherId);
  ourAccounts = seed(1);
  await new Accounts(mine).putMany(ourAccounts);
  await listSome(mine, ourAccounts);
  await putDevices(mine, ourAccounts);
  // the other organization: the same ids and addresses, every one consenting, and opt-outs of all of ours
  theirAccounts = seed(otherId).map((a) => ({ ...a, emailConsent: true, smsConsent: true, lineConsent: true, attributes: { cohort: 'reach' } }));
  await new Accounts(theirs).putMany(theirAccounts);
  for (const a of ourAccounts)
    if (a.emails[0])
      await theirs.put('messageUnsubscription', {
        id: unsubscriptionId('EMAIL', a.emails[0]),
        channelName: 'EMAIL',
        target: a.emails[0],
        source: 'UNSUBSCRIBE',
        dateCreated: Date.now(),
      });
});
afterAll(() => herald?.stop());

describe("a channel's reach from the audience snapshot", () => {
  it('equals the full read on every channel, from the snapshot', async () => {
    expect((await admin.ok('segment.count', { rule: RULE })).snapshot).toBeDefined();
    for (const channel of CHANNELS) {
      const fast = await sameAsFullRead(channel);
      // push's reach reads the devices (docs/audience.md); every other channel's comes from the snapshot
      if (channel !== 'PUSH_NATIVE') expect(fast.snapshot).toBeDefined();
      const reasons = Object.keys(fast.reach?.unreachable ?? {});
      expect(fast.reach!.reachable).toBeGreaterThan(0);
      expect(reasons.length).toBeGreaterThan(1);
    }
    const letters = (await admin.ok('segment.count', { rule: RULE, channel: 'DIRECT_MAIL' })).reach!;
    expect(letters.unreachable).toMatchObject({ USER_NOT_MATCHED: expect.any(Number) });
  });

  it('shows a consent turned off and an address removed in the next reach', async () => {
    const accounts = new Accounts(mine);
    const before = await sameAsFullRead('EMAIL');
    const reachable = (await Promise.all(Array.from({ length: SEEDED }, (_, i) => accounts.get(`reach-${String(i).padStart(4, '0')}`)))).filter(
      (a): a is Account => !!a && a.attributes.cohort === 'reach' && a.emailConsent && a.emails.length > 0,
    );
    const [consentOff, addressGone] = reachable.slice(-2);
    await accounts.replace({ ...consentOff!, emailConsent: false, version: consentOff!.version + 1 }, consentOff!.version);
    await accounts.replace({ ...addressGone!, emails: [], version: addressGone!.version + 1 }, addressGone!.version);
    const after = await sameAsFullRead('EMAIL');
    expect(after.snapshot!.pending).toBeGreaterThanOrEqual(2);
    // both were reachable unless listed: at least one fewer reachable, and the reasons moved
    const unreachable = (x: typeof after) => x.reach!.unreachable;
    expect(after.reach!.reachable).toBeLessThan(before.reach!.reachable);
    expect(unreachable(after).USER_NOT_MATCHED).toBe((unreachable(before).USER_NOT_MATCHED ?? 0) + 1);
    expect(after.count).toBe(before.count);
  });

  it("never counts another organization's accounts or opt-outs", async () => {
    const fast = await sameAsFullRead('EMAIL');
    expect(fast.total).toBe(SEEDED);
    const there = await other.ok('segment.count', { rule: RULE, channel: 'EMAIL' });
    expect(there).toMatchObject({ total: SEEDED, count: SEEDED });
    // theirs all consent; their own list (every address of ours) keeps out those of theirs it names, and only there
    const ourAddresses = new Set(ourAccounts.flatMap((a) => a.emails));
    const withAddress = theirAccounts.filter((a) => a.emails.length > 0);
    const listedThere = withAddress.filter((a) => ourAddresses.has(a.emails[0]!)).length;
    expect(there.reach).toEqual({
      channel: 'EMAIL',
      reachable: withAddress.length - listedThere,
      unreachable: { USER_NOT_MATCHED: SEEDED - withAddress.length, UNSUBSCRIBED: listedThere },
    });
    const listedHere = (fast.reach!.unreachable.UNSUBSCRIBED ?? 0) + (fast.reach!.unreachable.BOUNCE ?? 0);
    expect(listedHere).toBeLessThanOrEqual(Math.ceil(SEEDED / 7));
  });

  it("keeps each row's reach with the base and checks the opt-out list at every count: a new listing shows, and an address sharing a listed key stays reached", async () => {
    // two letters' addresses whose opt-out targets share a 32-bit key (FNV-1a: "costarring" and "liquid" collide)
    const pair = ['costarring', 'liquid'].map((street, i) => ({
      orgId: 1,
      id: `pair-${i}`,
      emails: [],
      address: { lines: [street], postcode: '12345', country: 'US' },
      tags: [],
      attributes: { cohort: 'pair' },
      emailConsent: false,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      ...seededAt(Date.now()),
    })) satisfies Account[];
    await new Accounts(mine).putMany(pair);
    // in the base, not in its deltas: the kept rows are what this test is about. Changes from the minute before a
    // base are folded over it again (snapshot.ts); a minute later their files are gone, as here
    expect((await rebuildSnapshot(mine, READ_LIMITS)).complete).toBe(true);
    const storage = herald.rt.ports.storage;
    for (const file of (await storage.list('audience/1/delta/')).files) await storage.delete(file.key);
    const printed = (await adapterOf('DIRECT_MAIL').reach(pair, mine)).map((r) => ('address' in r ? r.address : ''));
    expect(targetKey(unsubscriptionTarget(printed[0]!))).toBe(targetKey(unsubscriptionTarget(printed[1]!)));
    const list = (target: string) =>
      mine.put('messageUnsubscription', { id: unsubscriptionId('DIRECT_MAIL', target), channelName: 'DIRECT_MAIL', target, source: 'UNSUBSCRIBE', dateCreated: Date.now() });
    const reach = async () => {
      const rule: Rule = { op: 'AND', conditions: [{ field: 'attributes.cohort', operator: 'equals', value: 'pair' }] };
      const fast = await admin.ok('segment.count', { rule, channel: 'DIRECT_MAIL' });
      const full = await countMatching(mine, { rule }, Date.now(), undefined, 'DIRECT_MAIL');
      expect(fast.reach).toEqual(full.reach);
      expect(fast.snapshot?.pending).toBe(0);
      return fast.reach;
    };
    expect(await reach()).toEqual({ channel: 'DIRECT_MAIL', reachable: 2, unreachable: {} });
    await list(printed[0]!);
    // the first listed, the second with the same key still reached, from the rows kept by the count before
    expect(await reach()).toEqual({ channel: 'DIRECT_MAIL', reachable: 1, unreachable: { UNSUBSCRIBED: 1 } });
    await list(printed[1]!);
    expect(await reach()).toEqual({ channel: 'DIRECT_MAIL', reachable: 0, unreachable: { UNSUBSCRIBED: 2 } });
  });
});
