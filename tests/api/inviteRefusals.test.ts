/**
 * Issue 21: an invitation the server refuses (720001: already a member, or invited and not answered) is worded in
 * the caller's language, and the portal's dialog still knows which refusal it is in any language.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { inviteRefusalOf } from '../../shared/services/user';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
let roleId: string;

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
  roleId = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id;
  await admin.ok('user.save', { username: 'member.ir', email: 'member.ir@example.com', roleId, password: 'Member@123' });
  await admin.ok('user.invited', { email: 'waiting.ir@example.com', roleId });
});
afterAll(() => herald?.stop());

const refusal = async (email: string, lang: string) => (await admin.call('user.invited', { email, roleId }, { 'x-lang': lang })).body;

it('words the refusal in the caller language, and the dialog recognises it in each', async () => {
  const member = await refusal('member.ir@example.com', 'ja');
  expect(member).toMatchObject({ errorCode: '720001', errorMessage: expect.stringMatching(/このアカウントはすでに組織のメンバーです。$/) });
  const invited = await refusal('waiting.ir@example.com', 'ja');
  expect(invited).toMatchObject({ errorCode: '720001', errorMessage: expect.stringMatching(/このアカウントはすでに招待されていて、まだ回答していません。$/) });
  expect((await refusal('waiting.ir@example.com', 'zh')).errorMessage).toMatch(/该账号已被邀请，尚未回复。$/);
  expect((await refusal('member.ir@example.com', 'en')).errorMessage).toMatch(/This account is already a member of the organization\.$/);
  // no English left in a ja answer
  expect(member.errorMessage).not.toMatch(/[A-Za-z]{3}/);

  // InviteDialog reads the answer with inviteRefusalOf: the same refusal whatever the language
  for (const lang of ['en', 'ja', 'zh']) {
    expect(inviteRefusalOf((await refusal('member.ir@example.com', lang)).errorMessage)).toBe('member');
    expect(inviteRefusalOf((await refusal('waiting.ir@example.com', lang)).errorMessage)).toBe('invited');
  }
  // any other 720001 is not taken for a refusal
  const dup = (await admin.call('user.save', { username: 'MEMBER.IR', email: 'other.ir@example.com', roleId, password: 'Member@123' }, { 'x-lang': 'ja' })).body;
  expect(dup.errorCode).toBe('720001');
  expect(inviteRefusalOf(dup.errorMessage)).toBeUndefined();
});
