/**
 * A message approved through the portal's API, as the benches drive it: an approver in the organization (the
 * author may not pass their own message), a draft sent to review and passed. The pass is what fires the send.
 */

/** The envelope API as bench/call.ts and bench/serverProcess.ts call it. */
type Call = (service: string, payload: unknown, token?: string) => Promise<any>;

export interface Approver {
  userId: string;
  token: string;
}

/** A new user of the organization `adminToken` is signed in to, with `roleId` (its ready-made Approver role when not given), signed in. */
export async function addApprover(call: Call, adminToken: string, username: string, roleId?: string): Promise<Approver> {
  const role = roleId ?? (await call('userRole.getAll', {}, adminToken)).find((r: { code: string }) => r.code === 'APPROVER').id;
  const password = 'Approve@123';
  const user = await call('user.save', { username, email: `${username}@example.com`, roleId: role, password }, adminToken);
  const { accessToken } = await call('auth.login', { username, password });
  return { userId: user.id, token: accessToken };
}

/** A draft of `plan` (plan.saveSingle's payload) saved and sent to review by the author: its id. */
export async function draftInReview(call: Call, authorToken: string, approver: Approver, plan: object): Promise<string> {
  const draft = await call('plan.saveSingle', plan, authorToken);
  await call('planAction.sendToReview', { id: draft.id, participants: [approver.userId], deadline: Date.now() + 24 * 3600_000 }, authorToken);
  return draft.id;
}

/** The approver passes the draft: an immediate message fires from here. */
export const pass = (call: Call, approver: Approver, planId: string) => call('planAction.pass', { id: planId }, approver.token);

/** An e-mail message's content as the portal's editor saves it (plan.saveSingle's `content`). */
export const EMAIL_CONTENT = {
  kind: 'EMAIL',
  template: {
    defaultLanguage: 'en',
    contents: {
      en: {
        subject: 'Hello {{firstName|there}}',
        preheader: 'Spring sale',
        blocks: [
          { type: 'heading', text: 'Spring sale' },
          { type: 'paragraph', text: 'Dear {{firstName|customer}}, <b>everything</b> is 20% off this week.' },
          { type: 'button', text: 'Shop now', href: 'https://example.com/shop' },
        ],
      },
    },
  },
};
