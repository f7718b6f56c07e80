/**
 * The Lambda bundles as the API stack makes them: the router leaves the PDF libraries out (they are copied beside
 * it and loaded by `import()` when a letter is drawn) and keeps only the zod locales it uses; a Lambda folder laid
 * out by the stack's own copy commands draws a letter with nothing else installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { LetterLayout } from '../shared/content';
import { inOneShell, LAMBDA_BUNDLING, letterFontCopyCommands, packagesBesideCopyCommands, ROUTER_BUNDLE_BUDGET_BYTES } from './lambdaBundling';

const ROOT = resolve(import.meta.dirname, '..');

const bundling: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: LAMBDA_BUNDLING.format,
  target: LAMBDA_BUNDLING.target,
  mainFields: [...LAMBDA_BUNDLING.mainFields],
  banner: { js: LAMBDA_BUNDLING.banner },
  external: [...LAMBDA_BUNDLING.external],
  minify: LAMBDA_BUNDLING.minify,
  logLevel: 'silent',
};

describe('the router bundle', () => {
  it('holds neither the packages loaded on use, nor the browser codec, nor zod locales it does not use, and keeps its budget', async () => {
    const out = await build({ ...bundling, entryPoints: [join(ROOT, 'functions/api/lambda.ts')], write: false, metafile: true, outdir: 'unused' });
    const output = Object.values(out.metafile!.outputs).find((o) => o.entryPoint)!;
    // what is in the file (the metafile's inputs also list what tree shaking dropped)
    const inputs = Object.entries(output.inputs)
      .filter(([, v]) => v.bytesInOutput > 0)
      .map(([f]) => f);
    expect(
      inputs.filter((f) =>
        /node_modules\/(pdf-lib|@pdf-lib|re2js|nodemailer|@aws-sdk\/client-pinpoint|docx|crypto-js|pako|libphonenumber-js|@aws-sdk\/credential-provider-(?:ini|sso|process|web-identity|login|http)|@smithy\/credential-provider-imds)\//.test(
          f,
        ),
      ),
    ).toEqual([]);
    // the providers' stand-ins sit in their channels' folders, but are local only (.dependency-cruiser.cjs stand-ins-local-only)
    expect(inputs.filter((f) => /functions\/channels\/(standIns\.ts|standInKit\.ts|[^/]+\/standIns\/)|node_modules\/(smtp-server|mailparser|selfsigned)\//.test(f))).toEqual([]);
    const locales = inputs.filter((f) => f.includes('node_modules/zod/v4/locales/')).map((f) => f.split('/').pop());
    expect(locales.sort()).toEqual(['en.js', 'ja.js', 'zh-CN.js']);
    // 3.5 MB with the PDF libraries and every locale, 1.8 MB with re2js, the Pinpoint SDK and the browser codec
    expect(output.bytes).toBeLessThanOrEqual(ROUTER_BUNDLE_BUDGET_BYTES);
  });
});

describe('a Lambda folder with the packages beside its bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'herald-lambda-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('draws a letter from the bundle, pdf-lib, fontkit and subset-font loaded from the copied node_modules, the fonts from beside it', async () => {
    await build({ ...bundling, entryPoints: [join(ROOT, 'functions/channels/letterPdf.ts')], outfile: join(dir, 'index.mjs') });
    // the commands CDK runs after bundling
    execFileSync('bash', ['-c', inOneShell([...packagesBesideCopyCommands(dir), ...letterFontCopyCommands(dir)])]);
    const letterPdf = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as typeof import('../functions/channels/letterPdf');
    expect(letterPdf.letterFontPath('jp')).toBe(join(dir, 'fonts', 'NotoSansJP_400Regular.ttf'));
    const letter: LetterLayout = {
      sender: ['Acme 株式会社'],
      recipient: ['山田 太郎 様', '4-5-6 Minato, Tokyo'],
      date: '2026-11-25',
      subject: 'ご案内',
      paragraphs: ['The quick brown fox.'],
      closing: ['敬具'],
      language: 'ja',
    };
    const { pdf, pages } = await letterPdf.drawLetters([letter], 'beside');
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pages).toBe(1);
  });

  it('loads the Pinpoint SDK and re2js from the copied node_modules (after the copy above)', async () => {
    await build({ ...bundling, entryPoints: [join(ROOT, 'functions/platform/aws.ts')], outfile: join(dir, 'aws.mjs') });
    const aws = (await import(pathToFileURL(join(dir, 'aws.mjs')).href)) as typeof import('../functions/platform/aws');
    const pinpoint = await aws.createAwsClients('us-east-1').pinpoint();
    expect(pinpoint.constructor.name).toBe('PinpointClient');
    await build({ ...bundling, entryPoints: [join(ROOT, 'functions/services/cloudSource/patterns.ts')], outfile: join(dir, 'patterns.mjs') });
    const patterns = (await import(pathToFileURL(join(dir, 'patterns.mjs')).href)) as typeof import('../functions/services/cloudSource/patterns');
    const test = await patterns.compilePattern('[0-9]{3}');
    expect(typeof test === 'function' && test('123') && !test('12a')).toBe(true);
  });

  it('reads a typed phone number with libphonenumber-js from the copied node_modules (after the copy above)', async () => {
    await build({ ...bundling, entryPoints: [join(ROOT, 'shared/phone.ts')], outfile: join(dir, 'phone.mjs') });
    const built = join(dir, 'phone.mjs');
    expect(readFileSync(built, 'utf8')).not.toContain('parsePhoneNumberFromString=');
    const phone = (await import(pathToFileURL(built).href)) as typeof import('../shared/phone');
    expect(phone.normalizePhone('090-1234-5678', 'JP')).toBe('+819012345678');
    expect(phone.normalizePhone('call me')).toBeUndefined();
  });

  it("reads a profile's credentials with the SDK's credential sources loaded from the copied node_modules (after the copy above)", async () => {
    await build({ ...bundling, entryPoints: [join(ROOT, 'functions/platform/aws.ts')], outfile: join(dir, 'credentials.mjs') });
    const aws = (await import(pathToFileURL(join(dir, 'credentials.mjs')).href)) as typeof import('../functions/platform/aws');
    writeFileSync(join(dir, 'aws-credentials'), '[herald-beside]\naws_access_key_id = AKIDBESIDE\naws_secret_access_key = beside-secret\n');
    writeFileSync(join(dir, 'aws-config'), '');
    const names = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE'];
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    // no credentials in the environment: the chain goes on to the profile file, through the ini source beside
    for (const n of names) delete process.env[n];
    Object.assign(process.env, { AWS_PROFILE: 'herald-beside', AWS_SHARED_CREDENTIALS_FILE: join(dir, 'aws-credentials'), AWS_CONFIG_FILE: join(dir, 'aws-config') });
    try {
      const credentials = await aws.createAwsClients('us-east-1').dynamo.config.credentials();
      expect(credentials.accessKeyId).toBe('AKIDBESIDE');
    } finally {
      for (const n of names) {
        if (saved[n] === undefined) delete process.env[n];
        else process.env[n] = saved[n];
      }
    }
  });

  it("writes Herald's redacted lines through Powertools' logger loaded from the copied node_modules, with the request's ids", async () => {
    await build({ ...bundling, entryPoints: [join(ROOT, 'functions/platform/powertoolsLog.ts')], outfile: join(dir, 'powertools.mjs') });
    const built = join(dir, 'powertools.mjs');
    // left as an import() of the copy beside, not bundled
    expect(readFileSync(built, 'utf8')).toContain('@aws-lambda-powertools/logger');
    const { powertoolsLog } = (await import(pathToFileURL(built).href)) as typeof import('../functions/platform/powertoolsLog');
    const { createLogger } = await import('../functions/platform/logger');
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const log = await powertoolsLog();
      log.addContext({
        awsRequestId: 'req-42',
        functionName: 'herald-router',
        memoryLimitInMB: '1024',
        functionVersion: '$LATEST',
        invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:herald-router',
      } as never);
      const logger = createLogger('info', log.sink);
      logger.info('mail refused', { to: 'ana@example.com', password: 'Hunter@22', orgId: 3 });
      logger.metric?.([{ name: 'Sends', value: 2, dimensions: { channel: 'EMAIL' } }]);
    } finally {
      process.stdout.write = write;
    }
    const lines = written
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ level: 'INFO', message: 'mail refused', service: 'herald', function_request_id: 'req-42', to: '[address]', password: '[redacted]', orgId: 3 });
    expect(lines[1]).toMatchObject({ service: 'herald', channel: 'EMAIL', Sends: 2 });
  });

  it("a worker's Powertools metrics, logger and tracer (after the copy above): metrics in the embedded format, HERALD_LOG_LEVEL followed, invocations traced with tracing off outside Lambda", async () => {
    await build({ ...bundling, entryPoints: [join(ROOT, 'functions/platform/lambdaWorker.ts')], outfile: join(dir, 'worker.mjs') });
    const built = readFileSync(join(dir, 'worker.mjs'), 'utf8');
    // left as import()s of the copies beside, not bundled
    for (const name of ['@aws-lambda-powertools/metrics', '@aws-lambda-powertools/tracer']) expect(built).toContain(name);
    expect(built).not.toContain('XRaySDKInstrumentation');
    const { workerLambda } = (await import(pathToFileURL(join(dir, 'worker.mjs')).href)) as typeof import('../functions/platform/lambdaWorker');
    const { createLogger } = await import('../functions/platform/logger');
    const { METRIC } = await import('../functions/platform/metricNames');

    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    let answer: unknown;
    let refused: unknown;
    try {
      const quiet = await workerLambda({ HERALD_LOG_LEVEL: 'warn' });
      expect(quiet.runtimeOptions.logLevel).toBe('warn');
      const chatty = await workerLambda({ HERALD_LOG_LEVEL: 'debug' });
      expect(chatty.runtimeOptions.logLevel).toBe('debug');
      // an unknown level is info, as when unset
      expect((await workerLambda({ HERALD_LOG_LEVEL: 'loud' })).runtimeOptions.logLevel).toBe('info');
      const { logLevel, logSink, metricSink } = quiet.runtimeOptions;
      const log = createLogger(logLevel, logSink, metricSink);
      log.info('not at warn');
      createLogger(chatty.runtimeOptions.logLevel, chatty.runtimeOptions.logSink).debug('at debug');
      log.metric?.([
        { name: METRIC.sends, value: 1, dimensions: { channel: 'SMS' } },
        { name: METRIC.sends, value: 1, dimensions: { channel: 'SMS' } },
        { name: METRIC.sendFailures, value: 1, dimensions: { channel: 'SMS', reason: 'UNEXPECTED' } },
        { name: METRIC.throttles, value: 3, dimensions: { channel: 'SMS' } },
      ]);
      log.metric?.([{ name: METRIC.queueAge, value: 250, unit: 'Milliseconds' }]);
      answer = await quiet.invoke(undefined, async () => 'done');
      refused = await quiet.invoke(undefined, async () => Promise.reject(new Error('no'))).catch((e: Error) => e.message);
    } finally {
      process.stdout.write = write;
    }
    expect(answer).toBe('done');
    expect(refused).toBe('no');
    const lines = written
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown> & { _aws?: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: unknown[] }[] } });
    const plain = lines.filter((l) => !l._aws);
    expect(plain.map((l) => l.message)).toEqual(['at debug']);
    const metrics = lines.filter((l) => l._aws).map(({ _aws, ...values }) => ({ ...values, ..._aws!.CloudWatchMetrics[0]! }));
    expect(metrics).toEqual([
      {
        Namespace: 'Herald',
        Dimensions: [['service'], ['service', 'channel']],
        Metrics: [
          { Name: METRIC.sends, Unit: 'Count' },
          { Name: METRIC.throttles, Unit: 'Count' },
        ],
        service: 'herald',
        channel: 'SMS',
        [METRIC.sends]: 2,
        [METRIC.throttles]: 3,
      },
      {
        Namespace: 'Herald',
        Dimensions: [['service'], ['service', 'channel'], ['service', 'channel', 'reason']],
        Metrics: [{ Name: METRIC.sendFailures, Unit: 'Count' }],
        service: 'herald',
        channel: 'SMS',
        reason: 'UNEXPECTED',
        [METRIC.sendFailures]: 1,
      },
      { Namespace: 'Herald', Dimensions: [['service']], Metrics: [{ Name: METRIC.queueAge, Unit: 'Milliseconds' }], service: 'herald', [METRIC.queueAge]: 250 },
    ]);
  });
});
