import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, lambdaLogContext, metricLine, setLogContext } from './logger';
import { METRICS_NAMESPACE } from './metricNames';

const capture = (level: Parameters<typeof createLogger>[0] = 'debug') => {
  const lines: string[] = [];
  return { lines, log: createLogger(level, (l) => void lines.push(l)), parsed: () => lines.map((l) => JSON.parse(l) as Record<string, any>) };
};

afterEach(() => setLogContext({}));

describe('the logger', () => {
  it('redacts fields named like a secret at every level, however deep', () => {
    const { log, lines } = capture();
    log.debug('d', { password: 'Hunter@22', nested: { refreshToken: 'rt-123456', authorization: 'Bearer abc' } });
    log.error('e', { apiKey: 'k-987654', appSecret: 's-1', code: 710005 });
    const text = lines.join('\n');
    for (const secret of ['Hunter@22', 'rt-123456', 'Bearer abc', 'k-987654', 's-1']) expect(text).not.toContain(secret);
    // a catalogue code is a number: not a secret
    expect(JSON.parse(lines[1]!).code).toBe(710005);
  });

  it('masks mail addresses and phone numbers at info and above, and keeps them at debug', () => {
    const { log, parsed } = capture();
    log.info('mail to ana@example.com failed', { to: ['ana@example.com'], phone: '+819012345678', orgId: 1 });
    log.warn('w', { detail: 'bounced: bo@example.org' });
    log.debug('d', { to: 'ana@example.com' });
    const [info, warn, debug] = parsed();
    expect(info).toMatchObject({ msg: 'mail to [address] failed', to: ['[address]'], phone: '[phone]', orgId: 1 });
    expect(warn!.detail).toBe('bounced: [address]');
    expect(debug!.to).toBe('ana@example.com');
  });

  it("carries the invocation's correlation ids on every line until they change", () => {
    const saved = process.env._X_AMZN_TRACE_ID;
    process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    try {
      setLogContext(lambdaLogContext('req-1'));
      const { log, parsed } = capture('info');
      log.info('one');
      setLogContext(lambdaLogContext('req-2'));
      log.info('two');
      expect(parsed().map((l) => [l.requestId, l.traceId])).toEqual([
        ['req-1', '1-5759e988-bd862e3fe1be46a994272793'],
        ['req-2', '1-5759e988-bd862e3fe1be46a994272793'],
      ]);
    } finally {
      if (saved === undefined) delete process.env._X_AMZN_TRACE_ID;
      else process.env._X_AMZN_TRACE_ID = saved;
    }
  });

  it('writes metrics in the embedded metric format: totals under service, then per channel and per reason', () => {
    const lines = metricLine(
      [
        { name: 'Sends', value: 1, dimensions: { channel: 'EMAIL' } },
        { name: 'Sends', value: 1, dimensions: { channel: 'EMAIL' } },
        { name: 'SendFailures', value: 1, dimensions: { channel: 'SMS', reason: 'INVALID_ADDRESS' } },
      ],
      1_000,
    )
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      _aws: {
        Timestamp: 1_000,
        CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['service'], ['service', 'channel']], Metrics: [{ Name: 'Sends', Unit: 'Count' }] }],
      },
      service: 'herald',
      channel: 'EMAIL',
      Sends: 2,
    });
    expect(lines[1]._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service'], ['service', 'channel'], ['service', 'channel', 'reason']]);
    expect(lines[1]).toMatchObject({ channel: 'SMS', reason: 'INVALID_ADDRESS', SendFailures: 1 });
    const { log, lines: written } = capture('silent');
    log.metric?.([{ name: 'Sends', value: 1 }]);
    expect(written).toEqual([]);
  });
});
