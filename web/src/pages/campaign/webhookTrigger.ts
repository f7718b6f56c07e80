/**
 * A recipient-action trigger's other sources (shared/plan/trigger.ts): the team's own back end calling the
 * trigger's webhook, and a tracked click on a link to a URL. What the trigger step and the summary say of them.
 */
import type { Lang } from '../../../../shared/errors';
import { TRIGGER_TEXTS } from '../../../../shared/i18n/triggerTexts';
import { holdsAll } from '../../../../shared/permissions';
import { type Trigger, TRIGGER_PERMISSION, visitedUrlOf } from '../../../../shared/plan/trigger';

/** The URL field's message in `lang` (the server's own rule), or undefined while it is empty or fine. */
export function urlProblem(url: string | undefined, lang: Lang): string | undefined {
  if (!url?.trim()) return undefined;
  return visitedUrlOf(url.trim()) === undefined ? TRIGGER_TEXTS.url[lang] : undefined;
}

/** Whether a saved trigger has a webhook to issue a token for. */
export const hasWebhook = (trigger: { kind: string; webhook?: boolean }): boolean => trigger.kind === 'ACTION' && trigger.webhook === true;

/** `trigger.issueWebhookToken` needs PLAN_CREATE_TRIGGER (the operation) and the recipient-action delivery type (its handler). */
export const mayIssueHookToken = (permissions: readonly string[]): boolean => holdsAll(permissions, ['PLAN_CREATE_TRIGGER', TRIGGER_PERMISSION.ACTION]);

/** The webhook's call as curl, with the token in its Authorization header (docs/sending.md). */
export function hookCurl(endpoint: string, token: string): string {
  return [
    `curl -X POST '${endpoint}'`,
    `  -H 'Authorization: Bearer ${token}'`,
    `  -H 'Content-Type: application/json'`,
    `  -d '{"accountId": "<account key>", "eventId": "<your event id>"}'`,
  ].join(' \\\n');
}

/** The sources beside the action code, as the trigger summary adds them (", or a call of its webhook"). */
export function actionSourcesText(trigger: Extract<Trigger, { kind: 'ACTION' }>, t: (key: string, o?: Record<string, unknown>) => string): string {
  return (trigger.webhook ? t('triggerHook.summaryWebhook') : '') + (trigger.url ? t('triggerHook.summaryUrl', { url: trigger.url }) : '');
}
