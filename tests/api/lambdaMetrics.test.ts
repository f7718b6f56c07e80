/**
 * The send metrics of an email campaign as the worker Lambdas write them: through Powertools Metrics
 * (functions/platform/powertoolsMetrics.ts, the sink functions/platform/lambdaWorker.ts gives the runtime), in
 * CloudWatch's embedded metric format on the log, with no AWS call. Names, dimension sets and values are those the
 * stack's alarms and dashboard read (infra/monitoring.ts). The local queue's records carry no sent time, so
 * the queue age is asserted in infra/lambdaBundling.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { createLogger } from '../../functions/platform/logger';
import { METRIC, METRICS_NAMESPACE } from '../../functions/platform/metricNames';
import { powertoolsMetrics } from '../../functions/platform/powertoolsMetrics';
import { capturedLog } from '../support/channelStandIns';
import { ApiClient, startHerald } from '../support/herald';
import { approverOf, emailContent, seedAudience } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const log = capturedLog();
let herald: LocalHerald;

beforeAll(async () => {
  const metricSink = await powertoolsMetrics(log.sink, createLogger('warn', log.sink).warn);
  herald = await startHerald({
    logLevel: 'warn',
    logSink: log.sink,
    metricSink,
    config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } },
  });
});
afterAll(() => herald?.stop());

interface Emf {
  _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

describe("a campaign's send metrics through Powertools Metrics", () => {
  it('count each sent message once under the email channel, with the totals and per-channel dimension sets', async () => {
    const admin = new ApiClient(herald);
    await admin.login();
    const approver = await approverOf(admin, herald, 'mia');
    const audience = await seedAudience(herald, 1, `emf${Date.now().toString(36)}`, 5);
    const draft = await admin.ok('plan.saveSingle', { name: 'Metrics', title: 'Metrics', channel: 'EMAIL', content: emailContent('Metrics'), segmentId: audience.segmentId });
    const before = Date.now();
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: draft.id });
    await until(
      'the campaign to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );

    const metrics = log.lines.map((l) => JSON.parse(l) as Emf).filter((l) => l._aws);
    expect(metrics.length).toBeGreaterThan(0);
    for (const m of metrics) {
      const [definition] = m._aws.CloudWatchMetrics;
      expect(definition!.Namespace).toBe(METRICS_NAMESPACE);
      expect(m.service).toBe('herald');
      expect(m._aws.Timestamp).toBeGreaterThanOrEqual(before);
      // every metric named in the definition carries its value on the line
      for (const { Name } of definition!.Metrics) expect(typeof m[Name]).toBe('number');
    }

    const sends = metrics.filter((m) => m.channel === 'EMAIL' && METRIC.sends in m);
    expect(sends.reduce((n, m) => n + (m[METRIC.sends] as number), 0)).toBe(audience.emails.length);
    for (const m of sends) {
      expect(m._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service'], ['service', 'channel']]);
      expect(m._aws.CloudWatchMetrics[0]!.Metrics).toContainEqual({ Name: METRIC.sends, Unit: 'Count' });
    }
    // the provider took every message: nothing failed or was throttled
    expect(metrics.filter((m) => METRIC.sendFailures in m || METRIC.throttles in m)).toEqual([]);

    // no address, and no warning from Powertools (a skipped dimension would be one)
    for (const address of audience.emails) expect(log.text()).not.toContain(address);
    expect(log.lines.filter((l) => l.includes('Powertools metrics'))).toEqual([]);
  }, 120_000);
});
