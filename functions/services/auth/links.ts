// Single-use links sent by mail: set a password (reset, invitation) or confirm a new sign-in address.
// Issuing a link supersedes the user's older unused links of its kind, and a link dies with the security stamp it was
// issued under.
import { untenantedStore } from '../../contract/untenanted';
import type { PasswordReset, User } from '../../../shared/entities';
import { AppError, type Lang } from '../../../shared/errors';
import { MAIL_TEXTS, textIn } from '../../../shared/i18n';
import type { Runtime } from '../../platform/runtime';
import type { Store } from '../../store/store';
import { hashToken, randomToken } from '../../platform/randomTokens';
import { say } from '../../../shared/i18n/say';

export type LinkPurpose = PasswordReset['purpose'];
interface Deps {
  rt: Runtime;
  store: Store;
}

export function signInLinks(ctx: { rt: Runtime }): Deps {
  return { rt: ctx.rt, store: untenantedStore(ctx, 'sign-in links: the user directory and the link table are global') };
}

const PAGE: Record<LinkPurpose, string> = { reset: 'password-new', invite: 'password-new', email: 'email-confirm', address: 'email-confirm' };
const FAMILY: Record<LinkPurpose, LinkPurpose[]> = { reset: ['reset', 'invite'], invite: ['reset', 'invite'], email: ['email'], address: ['address'] };

function lifetimeOf(rt: Runtime, purpose: LinkPurpose): number {
  return purpose === 'invite' ? rt.config.inviteSeconds : rt.config.passwordResetSeconds;
}

async function supersede(store: Store, userId: string, purpose: LinkPurpose): Promise<void> {
  const links = await store.queryAll('passwordReset', { name: 'userId', value: userId }, 'byUser');
  await Promise.all(links.filter((l) => !l.used && FAMILY[purpose].includes(l.purpose ?? 'reset')).map((l) => store.update('passwordReset', { id: l.id }, { used: true })));
}

export async function issueLink({ rt, store }: Deps, user: User, purpose: LinkPurpose, newEmail?: string): Promise<{ url: string; hours: number }> {
  await supersede(store, user.id, purpose);
  const token = randomToken(32);
  const lifetime = lifetimeOf(rt, purpose);
  const link: PasswordReset = {
    id: hashToken(token),
    userId: user.id,
    purpose,
    ...(newEmail ? { newEmail } : {}),
    securityStamp: user.securityStamp,
    used: false,
    expiresAt: Math.floor(rt.clock.now() / 1000) + lifetime,
  };
  await store.put('passwordReset', link);
  const url = `${rt.config.publicUrl.replace(/\/$/, '')}/portalui/#/${PAGE[purpose]}?token=${encodeURIComponent(token)}`;
  return { url, hours: Math.round(lifetime / 3600) };
}

/** Spends a link of one of `purposes`: answers it and its user, or 400017 when it is unknown, used, expired. */
export async function spendLink(
  { rt, store }: Deps,
  token: string,
  purposes: LinkPurpose[],
  mayUse?: (link: PasswordReset, user: User) => void,
): Promise<{ link: PasswordReset; user: User }> {
  const link = await store.get('passwordReset', { id: hashToken(token) });
  if (!link || link.used || link.expiresAt * 1000 <= rt.clock.now() || !purposes.includes(link.purpose ?? 'reset')) {
    throw new AppError('400017', say('request.linkInvalid'));
  }
  const user = await store.get('user', { id: link.userId });
  // a withdrawn invitation or a deleted account: the link is dead like any other
  if (!user) throw new AppError('400017', say('request.linkGone'));
  if (user.securityStamp !== link.securityStamp) throw new AppError('400017', say('request.linkGoneAsk'));
  mayUse?.(link, user);
  await store.update(
    'passwordReset',
    { id: link.id },
    { used: true },
    { ConditionExpression: '#u = :f', ExpressionAttributeNames: { '#u': 'used' }, ExpressionAttributeValues: { ':f': false } },
    '400017',
  );
  return { link, user };
}

export function expiryText(lang: Lang, hours: number): string {
  return hours === 1 ? MAIL_TEXTS.linkExpiryOne[lang] : textIn(MAIL_TEXTS.linkExpiry, lang, { hours });
}

/** Mails a password link in the account's language, unless the caller knows better (an invitee who never signed in). */
export async function sendPasswordLink(deps: Deps, user: User, purpose: 'reset' | 'invite', lang: Lang = user.language ?? 'en'): Promise<void> {
  const { url, hours } = await issueLink(deps, user, purpose);
  const subject = MAIL_TEXTS[purpose === 'invite' ? 'inviteSubject' : 'resetSubject'][lang];
  const intro = textIn(MAIL_TEXTS[purpose === 'invite' ? 'inviteIntro' : 'resetIntro'], lang, { username: user.username });
  const expiry = expiryText(lang, hours);
  await deps.rt.mailer.send({
    to: user.email,
    subject,
    text: `${intro}\n\n${url}\n\n${expiry}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${url}">${url}</a></p><p>${expiry}</p>`,
  });
}

/** Mails `email` the link that makes it the sign-in address of `user`. */
export async function mailAddressConfirmation(deps: Deps, user: User, email: string, purpose: 'email' | 'address'): Promise<void> {
  const { url, hours } = await issueLink(deps, user, purpose, email);
  const lang = user.language ?? 'en';
  const expiry = expiryText(lang, hours);
  const confirm = (html: boolean) =>
    textIn(MAIL_TEXTS.emailConfirmIntro, lang, html ? { email: escapeHtml(email), username: escapeHtml(user.username) } : { email, username: user.username });
  await deps.rt.mailer.send({
    to: email,
    subject: MAIL_TEXTS.emailConfirmSubject[lang],
    text: `${confirm(false)}\n\n${url}\n\n${expiry}`,
    html: `<p>${confirm(true)}</p><p><a href="${url}">${url}</a></p><p>${expiry}</p>`,
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
