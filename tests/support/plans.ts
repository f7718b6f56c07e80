/** Messages for tests of review and sending: an audience written straight to the store, approvers, e-mail content. */
import { randomUUID } from 'node:crypto';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { ApiClient } from './herald';

/** `n` accounts with e-mail consent and a segment of all of them, in organization `orgId`. */
export async function seedAudience(herald: LocalHerald, orgId: number, tag: string, n: number): Promise<{ segmentId: string; emails: string[] }> {
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  const accounts = Array.from({ length: n }, (_, i) => ({
    ...accountKey(orgId, `${tag}-${i}`),
    orgId,
    emails: [`${tag}-${i}@example.com`],
    country: 'JP',
    emailConsent: true,
    smsConsent: false,
    pushConsent: false,
    lineConsent: false,
    tags: [],
    attributes: {},
    ...audit,
  }));
  await Promise.all(accounts.map((a) => store.put('account', a)));
  const segmentId = randomUUID();
  await store.put('segment', {
    orgId,
    id: segmentId,
    name: `All ${tag}`,
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] },
    ...audit,
  });
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
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'NAV_TEMPLATE_MESSAGE', 'PLAN_PASS', 'PLAN_REJECT'],
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
