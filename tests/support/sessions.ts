/**
 * A session opened through the server's own session code for a user, without the password check: a test that
 * is not about signing in spends no argon2 on it (about 0.3 s a sign-in on the 2-core machine). Everything the
 * session then does goes through the API and its authorization as after `ApiClient.login`.
 */
import type { RequestContext } from '../../functions/contract/context';
import { withUntenantedStore } from '../../functions/contract/untenanted';
import type { LocalHerald } from '../../functions/local/boot';
import { capabilitiesOf, startSession } from '../../functions/services/auth';
import { Store } from '../../functions/store/store';
import { ApiClient } from './herald';

/** A client holding a new session of the user named, in its last organization (or first), as a sign-in gives. */
export async function sessionOf(herald: LocalHerald, username: string): Promise<ApiClient> {
  const store = new Store(herald.rt);
  const capabilities = capabilitiesOf(store, herald.rt.config.sendRates);
  const user = await capabilities.users.findBy('usernameKey', username.toLowerCase());
  if (!user) throw new Error(`sessionOf: no user ${username}`);
  const ctx = withUntenantedStore({ rt: herald.rt, ...capabilities, sourceIp: 'test' } as Partial<RequestContext> as RequestContext, store);
  const signIn = await startSession(ctx, user, await capabilities.users.memberships(user.id));
  const client = new ApiClient(herald);
  client.token = signIn.accessToken;
  client.refresh = signIn.refreshToken;
  return client;
}
