import { describe, expect, it } from 'vitest';
import { TRIGGER_TEXTS } from '../../../../shared/i18n/triggerTexts';
import { triggerSchema } from '../../../../shared/plan/trigger';
import { standingText } from './TriggerSummary';
import { hasWebhook, hookCurl, mayIssueHookToken, urlProblem } from './webhookTrigger';

/** A translator that shows which text was asked for and with what. */
const t = (key: string, o?: Record<string, unknown>) => (o ? `[${key} ${Object.values(o).join(' ')}]` : `[${key}]`);

describe('a recipient-action trigger’s webhook and URL sources in the web', () => {
  it('the URL field says what the server says, in the reader’s language, only when there is a bad address', () => {
    expect(urlProblem(undefined, 'en')).toBeUndefined();
    expect(urlProblem('  ', 'en')).toBeUndefined();
    expect(urlProblem(' https://shop.example/sale#top ', 'ja')).toBeUndefined();
    expect(urlProblem('shop.example/sale', 'en')).toBe(TRIGGER_TEXTS.url.en);
    expect(urlProblem('ftp://shop.example/', 'zh')).toBe(TRIGGER_TEXTS.url.zh);
    expect(urlProblem('javascript:alert(1)', 'ja')).toBe(TRIGGER_TEXTS.url.ja);
    // the same verdicts as the schema the server saves with
    const valid = (url: string) => triggerSchema.safeParse({ kind: 'ACTION', actionCode: 'buy', url }).success;
    for (const url of ['https://shop.example/sale#top', 'shop.example/sale', 'ftp://shop.example/', 'javascript:alert(1)']) {
      expect(urlProblem(url, 'en') === undefined).toBe(valid(url));
    }
  });

  it('the curl example posts to the endpoint with the token as a bearer and the account and event ids as JSON', () => {
    const curl = hookCurl('https://herald.example/service/hook/v1/7/plan-1', 'whk_abc');
    expect(curl).toContain("curl -X POST 'https://herald.example/service/hook/v1/7/plan-1'");
    expect(curl).toContain("-H 'Authorization: Bearer whk_abc'");
    expect(curl).toContain("-H 'Content-Type: application/json'");
    const body = /-d '(.*)'$/.exec(curl)?.[1];
    expect(Object.keys(JSON.parse(body ?? '{}'))).toEqual(['accountId', 'eventId']);
    // one command over several lines: every line but the last ends with a continuation
    expect(
      curl
        .split('\n')
        .slice(0, -1)
        .every((l) => l.endsWith(' \\')),
    ).toBe(true);
  });

  it('the summary names the webhook and the URL beside the action code, before the delay', () => {
    const action = triggerSchema.parse({ kind: 'ACTION', actionCode: 'buy', delayMinutes: 30 });
    if (action.kind !== 'ACTION') throw new Error('an action trigger');
    expect(standingText(action, t)).toBe('[campaign.trigger.summaryAction buy][campaign.trigger.summaryDelay 30]');
    expect(standingText({ ...action, webhook: true, url: 'https://shop.example/sale' }, t)).toBe(
      '[campaign.trigger.summaryAction buy][triggerHook.summaryWebhook][triggerHook.summaryUrl https://shop.example/sale][campaign.trigger.summaryDelay 30]',
    );
    expect(standingText({ ...action, webhook: false, delayMinutes: 0 }, t)).toBe('[campaign.trigger.summaryAction buy]');
  });

  it('a token is offered for a saved trigger with its webhook on, to those holding both permissions the operation checks', () => {
    expect(hasWebhook({ kind: 'ACTION', webhook: true })).toBe(true);
    expect(hasWebhook({ kind: 'ACTION' })).toBe(false);
    expect(hasWebhook({ kind: 'GEOFENCE', webhook: true })).toBe(false);
    expect(mayIssueHookToken(['PLAN_CREATE_TRIGGER', 'DELIVERY_RECIPIENT_ACTION'])).toBe(true);
    expect(mayIssueHookToken(['PLAN_CREATE_TRIGGER'])).toBe(false);
    expect(mayIssueHookToken(['DELIVERY_RECIPIENT_ACTION'])).toBe(false);
  });
});
