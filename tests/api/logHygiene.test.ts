/**
 * The logs of a whole email campaign, at the production level (info): sign-in (and a refused one), review,
 * approval, the send pipeline and the SES stand-in. No line holds a password, a session or refresh token, the
 * app secret or a recipient's address; the sends are counted as metrics (CloudWatch's embedded metric format)
 * per channel, through the same log door.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { METRIC, METRICS_NAMESPACE } from '../../functions/platform/metricNames';
import { AWS_SECRETS, capturedLog } from '../support/channelStandIns';
import { ADMIN_PASSWORD, ApiClient, sentMail, startHerald } from '../support/herald';
import { approverOf, emailContent, seedAudience } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const log = capturedLog();
let herald: LocalHerald;

beforeAll(async () => {
  herald = await startHerald({ logLevel: 'info', logSink: log.sink, config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
});
afterAll(() => herald?.stop());

describe('the logs of an email campaign at info level', () => {
  it('hold no password, token, app secret or recipient address, and count the sends per channel', async () => {
    const admin = new ApiClient(herald);
    await admin.login();
    const approver = await approverOf(admin, herald, 'lia');
    // a refused sign-in is logged (at info): with its code, not with what was typed
    const wrong = new ApiClient(herald);
    const refusedPassword = 'Wrong@Pass99';
    expect((await wrong.call('auth.login', { username: 'admin', password: refusedPassword })).body.errorCode).not.toBe('0');
    const audience = await seedAudience(herald, 1, `logs${Date.now().toString(36)}`, 8);

    const draft = await admin.ok('plan.saveSingle', {
      name: 'Log hygiene',
      title: 'Log hygiene',
      channel: 'EMAIL',
      content: emailContent('Log hygiene'),
      segmentId: audience.segmentId,
    });
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: draft.id });
    await until(
      'the campaign to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );
    const mails = (await sentMail(herald)).filter((m) => m.subject === 'Log hygiene');
    expect(mails.flatMap((m) => m.destination.to).sort()).toEqual([...audience.emails].sort());

    const text = log.text();
    const lines = log.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.some((l) => l.level === 'info')).toBe(true);
    const secrets = [ADMIN_PASSWORD, 'Approve@123', refusedPassword, admin.token!, admin.refresh!, approver.client.token!, herald.seed.portalAppSecret];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(6);
      expect(text).not.toContain(secret);
    }
    for (const address of [...audience.emails, 'lia@example.com']) expect(text).not.toContain(address);
    expect(text).not.toMatch(AWS_SECRETS);

    // every message the provider took is counted once, under the email channel
    const metrics = lines.filter((l) => l._aws);
    const sends = metrics.filter((l) => l.channel === 'EMAIL' && typeof l[METRIC.sends] === 'number');
    expect(sends.reduce((n, l) => n + (l[METRIC.sends] as number), 0)).toBe(audience.emails.length);
    expect(JSON.stringify(sends[0]!._aws)).toContain(`"Namespace":"${METRICS_NAMESPACE}"`);
  }, 120_000);
});
