/** Links the portal mails, opened as their recipient would. */
import type { LocalHerald } from '../../functions/local/boot';
import { type ApiClient, sentMail } from './herald';

/** The token of the last link to `page` mailed to `address`, or undefined when none was. */
export async function lastMailedToken(herald: LocalHerald, address: string, page: 'email-confirm' | 'password-new'): Promise<string | undefined> {
  const mails = (await sentMail(herald)).filter((m) => m.destination.to.includes(address));
  const pattern = new RegExp(`#/${page}\\?token=([\\w%-]+)`);
  const tokens = mails.map((m) => pattern.exec(m.body.text ?? '')?.[1]).filter((t): t is string => Boolean(t));
  const last = tokens.at(-1);
  return last === undefined ? undefined : decodeURIComponent(last);
}

/**
 * Opens the address confirmation last mailed to `address` as `account`, signed in (a join invitation asks it of an
 * account whose address is not shown to be its own, and only the account's owner may confirm it).
 */
export async function confirmAddressByMail(account: ApiClient, address: string): Promise<void> {
  const token = await lastMailedToken(account.herald, address, 'email-confirm');
  if (!token) throw new Error(`no address confirmation was mailed to ${address}`);
  await account.ok('user.confirmEmail', { token });
}
