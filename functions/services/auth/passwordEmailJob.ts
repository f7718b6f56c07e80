/** The forgot-password job (posted by auth.passwordEmail): mails a link if an account has the address and may sign in. */
import type { Runtime } from '../../platform/runtime';
import type { Store } from '../../store/store';
import { findUserBy } from '../user';
import { sendPasswordLink } from './links';

export async function runPasswordEmailJob(deps: { rt: Runtime; store: Store }, emailKey: string): Promise<void> {
  const user = await findUserBy(deps.store, 'emailKey', emailKey);
  // an account made by single sign-on has no password: its provider alone signs it in
  if (user && user.status !== 'INACTIVE' && user.loginType !== 'SSO')
    await sendPasswordLink({ rt: deps.rt, store: deps.store }, user, user.status === 'INVITED' ? 'invite' : 'reset');
}
