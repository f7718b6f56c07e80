/** Messages for tests of review and sending: an audience written straight to the store, approvers, e-mail content. */
import { randomUUID } from 'node:crypto';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { type Account, accountKey, type Segment } from '../../shared/entities';
import type { Plan, PlanContent } from '../../shared/plan/plan';
import { ApiClient } from './herald';

const auditAt = (at: number) => ({ version: 1, dateCreated: at, dateUpdated: at, createdBy: 'test', updatedBy: 'test' });

/** An account as the store holds it, written at `at`: no address, consent, tag or attribute unless `fields` gives it. */
export function testAccount(orgId: number, id: string, at: number, fields: Partial<Account> = {}): Account {
  return {
    ...accountKey(orgId, id),
    orgId,
    emails: [],
    emailConsent: false,
    smsConsent: false,
    pushConsent: false,
    lineConsent: false,
    tags: [],
    attributes: {},
    ...fields,
    ...auditAt(at),
  } as Account;
}

/** A segment of `rule` written at `at`; answers its id. */
export async function testSegment(store: Store, orgId: number, name: string, rule: Segment['rule'], at: number): Promise<string> {
  const id = randomUUID();
  await store.put('segment', { orgId, id, name, description: '', rule, ...auditAt(at) });
  return id;
}

/** A single plan IN_PROGRESS on `content`'s channel, as the send step reads it (of `segmentId`'s audience when given); answers its id. */
export async function planInProgress(store: Store, at: number, content: PlanContent, fields: Partial<Plan> = {}): Promise<string> {
  const id = randomUUID();
  await store.put('plan', {
    orgId: 1,
    id,
    name: 'In progress',
    title: 'In progress',
    intro: '',
    channel: content.kind,
    type: 'SINGLE',
    messageType: 1,
    status: 'IN_PROGRESS',
    content,
    trigger: { kind: 'IMMEDIATELY' },
    tagIds: [],
    ...fields,
    ...auditAt(at),
  });
  return id;
}

/** The rule of the accounts whose `attributes.campaign` is `tag`. */
export const campaignRule = (tag: string): Segment['rule'] => ({ op: 'AND', conditions: [{ field: 'attributes.campaign', operator: 'equals', value: tag }] });

/** `n` accounts with e-mail consent and a segment of all of them, in organization `orgId`. */
export async function seedAudience(herald: LocalHerald, orgId: number, tag: string, n: number): Promise<{ segmentId: string; emails: string[] }> {
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const accounts = Array.from({ length: n }, (_, i) => testAccount(orgId, `${tag}-${i}`, now, { emails: [`${tag}-${i}@example.com`], country: 'JP', emailConsent: true }));
  await store.putMany('account', accounts);
  const segmentId = await testSegment(store, orgId, `All ${tag}`, { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] }, now);
  return { segmentId, emails: accounts.map((a) => a.emails[0]!) };
}

/** A member whose role approves and rejects messages, signed in (refreshing their session as the clock moves). */
export async function approverOf(
  admin: ApiClient,
  herald: LocalHerald,
  name: string,
  profile?: { alertTypes?: string[]; alertEmails?: string[]; language?: 'en' | 'zh' | 'ja' },
): Promise<{ id: string; client: ApiClient }> {
  const role = await admin.ok('userRole.save', {
    name: `Approver ${name}`,
    code: `APPROVER_${name.toUpperCase()}`,
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'NAV_TEMPLATE_MESSAGE', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
  });
  const user = await admin.ok('user.save', { username: name, email: `${name}@example.com`, roleId: role.id, password: 'Approve@123' });
  const client = new ApiClient(herald);
  client.autoRefresh = true;
  await client.login(name, 'Approve@123');
  if (profile) await client.ok('user.saveProfile', profile);
  return { id: user.id as string, client };
}

export const emailContent = (subject: string) => ({
  kind: 'EMAIL' as const,
  template: { defaultLanguage: 'en', contents: { en: { subject, preheader: 'Hi', blocks: [{ type: 'heading', text: 'Hello {{firstName|there}}' }] } } },
});
