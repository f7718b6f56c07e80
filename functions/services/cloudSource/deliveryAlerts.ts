/**
 * A cloud source's alerts (./run.ts): mail to the source's receivers, each in their language, and the author's own
 * alert rules.
 */
import type { CloudSource, CloudSourceHistory } from '../../../shared/entities';
import type { Lang } from '../../../shared/errors';
import { ALERT_TEXTS, textIn, textsIn } from '../../../shared/i18n';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { permissionsIn, userDirectory } from '../auth';
import { alertMember } from '../notification';
import { emailKeyOf, findUserBy } from '../user';
import { type Deps, errorText } from './deliveryHistory';

export type AlertKind = 'FAILURE' | 'HELD' | 'DONE';

async function receiverLanguage(deps: Deps, orgId: number, address: string, fallback: Lang): Promise<Lang> {
  const user = await findUserBy(deps.store, 'emailKey', emailKeyOf(address));
  return user && (await permissionsIn(deps.store, user.id, orgId)) ? user.language : fallback;
}

export function alertMail(source: CloudSource, history: CloudSourceHistory, kind: AlertKind, lang: Lang, publicUrl: string): { subject: string; text: string } {
  const say = (key: keyof typeof ALERT_TEXTS, params?: Record<string, string | number>) => textIn(ALERT_TEXTS[key], lang, params);
  const subject = say(`subject${kind}`, { source: source.title, file: history.fileName || say('aRun') });
  const text = [
    say('source', { source: source.title, type: source.sourceType }),
    say('file', { file: history.fileName || '--' }),
    say('status', { status: say(`status${history.status}`) }),
    say('counts', { rows: history.rows, valid: history.valid, invalid: history.invalid, created: history.created, updated: history.updated }),
    ...(history.error ? [say('reason', { reason: textsIn(history.error, lang) })] : []),
    say('open', { url: `${publicUrl}/portalui/#/library/cloud-source/history?source=${encodeURIComponent(source.id)}` }),
  ].join('\n');
  return { subject, text };
}

/** Mails the source's receivers when they asked for this kind of news, each in their language; a mail that fails is logged, not retried. */
export async function alert(deps: Deps, source: CloudSource, history: CloudSourceHistory, kind: AlertKind): Promise<void> {
  if (kind === 'FAILURE') await alertOwner(deps, source, history);
  if (!source.alertTypes.includes(kind) || source.emailReceivers.length === 0) return;
  const { defaultLanguage } = await organizationSettingOf(deps.store.forOrg(source.orgId));
  for (const to of source.emailReceivers) {
    const lang = await receiverLanguage(deps, source.orgId, to, defaultLanguage).catch(() => defaultLanguage);
    const { subject, text } = alertMail(source, history, kind, lang, deps.rt.config.publicUrl);
    await deps.rt.mailer.send({ to, subject, text }).catch((e: unknown) => deps.rt.log.warn('cloud source alert not sent', { sourceId: source.id, error: errorText(e) }));
  }
}

async function alertOwner(deps: Deps, source: CloudSource, history: CloudSourceHistory): Promise<void> {
  const tenant = deps.store.forOrg(source.orgId);
  const event = { event: 'CLOUD_SOURCE_FAILED', userId: source.createdBy, key: `${source.id}:${history.id}`, at: history.dateUpdated } as const;
  await alertMember(
    { rt: deps.rt, tenant, users: userDirectory(deps.store) },
    { ...event, subject: 'CLOUD_SOURCE', subjectId: source.id, name: source.title, ...(history.error ? { reason: history.error } : {}) },
  ).catch((e: unknown) => deps.rt.log.warn('cloud source owner alert not sent', { sourceId: source.id, error: errorText(e) }));
}
