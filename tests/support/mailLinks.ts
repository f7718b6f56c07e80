/** Links the portal mails, opened as their recipient would. */
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, sentMail } from './herald';

/** The token of the last link to `page` mailed to `address`, or undefined when none was. */
export async function lastMailedToken(herald: LocalHerald, address: string, page: 'email-confirm' | 'password-new'): Promise<string | undefined> {
  const mails = (await sentMail(herald)).filter((m) => m.destination.to.includes(address));
  const pattern = new RegExp(`#/${page}\\?token=([\\w%-]+)`);
  const tokens = mails.map((m) => pattern.exec(m.body.text ?? '')?.[1]).filter((t): t is string => Boolean(t));
  const last = tokens.at(-1);
  return last === undefined ? undefined : decodeURIComponent(last);
}

/** Opens the address confirmation last mailed to `address` (a join invitation asks it of an account whose address is not shown its own). */
export async function confirmAddressByMail(herald: LocalHerald, address: string): Promise<void> {
  const token = await lastMailedToken(herald, address, 'email-confirm');
  if (!token) throw new Error(`no address confirmation was mailed to ${address}`);
  await new ApiClient(herald).ok('user.confirmEmail', { token });
}
