/**
 * A campaign of the builder from draft to its last step on the local stack and the controllable clock: a welcome
 * mail, a day's wait (across a restart of the server on the same tables), a branch on whether the welcome was
 * clicked, an A/B split of two offers for those who clicked and a reminder for those who did not. Each step's
 * mail goes to the right recipients exactly once, with redelivered journey messages; bad journeys answer
 * catalogue errors; another organization's ids answer as missing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { JOURNEY_SHARDS } from '../../shared/entities';
import { bucketOf, type StepOf, variantOf } from '../../shared/plan/journey';
import { ApiClient, manualClock, sentMail, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { approverOf, emailContent, seedAudience } from '../support/plans';

const DAY = 24 * 3600_000;
const MINUTE = 60_000;
const N = 12;

const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
const dataDir = mkdtempSync(join(tmpdir(), 'herald-journey-'));
let herald: LocalHerald;
let tablePrefix: string;
let admin: ApiClient;
let other: ApiClient;
let approver: Awaited<ReturnType<typeof approverOf>>;
let audience: Awaited<ReturnType<typeof seedAudience>>;

const boot = () =>
  startHerald({ dataDir, clock, config: { ...(tablePrefix ? { tablePrefix } : {}), sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });

beforeAll(async () => {
  herald = await boot();
  tablePrefix = herald.rt.config.tablePrefix;
  ({ admin, other } = await twoOrganizations(herald, 'journey'));
  approver = await approverOf(admin, herald, 'jules');
  audience = await seedAudience(herald, 1, `jr${Date.now().toString(36)}`, N);
});
afterAll(() => herald?.stop());

/** welcome → wait a day → clicked the welcome within an hour? yes: A/B split of two offers; no: a reminder → exit */
function journey(tag: string) {
  return {
    entry: 'welcome',
    repeat: 'ONCE',
    steps: {
      welcome: { type: 'MESSAGE', name: 'Welcome', channel: 'EMAIL', content: withLink(`${tag} welcome`), next: 'day' },
      day: { type: 'WAIT', wait: { kind: 'DELAY', minutes: 1440 }, next: 'clicked' },
      clicked: { type: 'BRANCH', condition: { kind: 'CLICKED', stepId: 'welcome' }, windowMinutes: 60, yes: 'ab', no: 'reminder' },
      ab: {
        type: 'SPLIT',
        variants: [
          { share: 50, next: 'offerA' },
          { share: 50, next: 'offerB' },
        ],
      },
      offerA: { type: 'MESSAGE', channel: 'EMAIL', content: emailContent(`${tag} offer A`), next: 'end' },
      offerB: { type: 'MESSAGE', channel: 'EMAIL', content: emailContent(`${tag} offer B`), next: 'end' },
      reminder: { type: 'MESSAGE', channel: 'EMAIL', content: emailContent(`${tag} reminder`), next: 'end' },
      end: { type: 'EXIT' },
    },
  };
}

function withLink(subject: string) {
  const content = emailContent(subject);
  content.template.contents.en.blocks.push({ type: 'button', text: 'See more', href: 'https://example.com/more' } as never);
  return content;
}

/** Mail sent so far, by subject: the addresses each went to (one entry per mail). */
async function mailsTo(subject: string): Promise<string[]> {
  return (await sentMail(herald))
    .filter((m) => m.subject === subject)
    .flatMap((m) => m.destination.to)
    .sort();
}

/** Lets the scheduler and the delivery loop run what is due now. */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await herald.scheduler.fireDue();
    await herald.delivery.idle();
  }
}

async function approve(planId: string) {
  await admin.ok('planAction.sendToReview', { id: planId, participants: [approver.id], deadline: clock.now() + DAY });
  return approver.client.ok('planAction.pass', { id: planId });
}

describe('a builder campaign with a wait, a branch on clicked and an A/B split', () => {
  it('sends each step to the right recipients exactly once, across a restart in the middle of the wait', async () => {
    const tag = `J${Date.now().toString(36)}`;
    const draft = await admin.ok('plan.saveDynamic', { name: `${tag} journey`, journey: journey(tag), segmentId: audience.segmentId });
    expect(draft).toMatchObject({ type: 'BUILDER', status: 'DRAFT', channel: 'EMAIL', title: `${tag} journey` });
    expect(Object.keys(draft.journey!.steps).sort()).toEqual(['ab', 'clicked', 'day', 'end', 'offerA', 'offerB', 'reminder', 'welcome']);
    // saved again whole while a draft
    const saved = await admin.ok('plan.saveDynamic', { id: draft.id, version: draft.version, name: `${tag} journey`, journey: journey(tag), segmentId: audience.segmentId });
    expect(saved.version).toBe(draft.version + 1);

    // the same approval and state machine as a single message
    expect(['ACTIVE', 'IN_PROGRESS']).toContain((await approve(draft.id)).status);
    await settle();
    const welcome = await mailsTo(`${tag} welcome`);
    expect(welcome).toEqual([...audience.emails].sort());
    expect((await admin.ok('plan.detail', { id: draft.id })).status).toBe('IN_PROGRESS');
    // the twelve wait for the same minute on one schedule, not one each
    const schedules = (await new Store(herald.rt).scanAll('schedule')).filter((x) => x.name.startsWith('journey-'));
    expect(schedules).toHaveLength(1);
    expect(schedules[0]!.nextFireAt).toBe(Math.ceil((clock.now() + DAY) / MINUTE) * MINUTE);

    // a third of them click the welcome's link
    const clickers = audience.emails.slice(0, 4);
    const mails = (await sentMail(herald)).filter((m) => m.subject === `${tag} welcome`) as unknown as { destination: { to: string[] }; body: { html: string } }[];
    const clicked = mails.filter((x) => clickers.includes(x.destination.to[0]!));
    expect(clicked).toHaveLength(clickers.length);
    for (const m of clicked) {
      const link = /href="([^"]+\/service\/t\/c\/[^"]+)"/.exec(m.body.html)![1]!.replace(/&amp;/g, '&');
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    }

    // a redelivered step message sends nothing again (everyone has moved on to the wait)
    const accountIds = audience.emails.map((e) => e.split('@')[0]!);
    await herald.queue.send('delivery', { kind: 'journey', orgId: 1, planId: draft.id, runId: (await runIdOf(draft.id))!, stepId: 'welcome', accountIds });
    await settle();
    expect(await mailsTo(`${tag} welcome`)).toHaveLength(N);

    // the server stops in the middle of the wait and starts again on the same tables
    clock.advance(12 * 3600_000);
    await settle();
    await herald.stop();
    herald = await boot();
    await reconnect();
    clock.advance(12 * 3600_000 + MINUTE);
    await settle();
    // the wait is over: everyone is at the branch, waiting out its hour; nothing more is sent yet
    expect(await mailsTo(`${tag} reminder`)).toEqual([]);
    clock.advance(61 * MINUTE);
    await settle();

    const offers = [...(await mailsTo(`${tag} offer A`)), ...(await mailsTo(`${tag} offer B`))].sort();
    expect(offers).toEqual([...clickers].sort());
    expect(await mailsTo(`${tag} reminder`)).toEqual(audience.emails.filter((e) => !clickers.includes(e)).sort());
    expect(await mailsTo(`${tag} welcome`)).toHaveLength(N);

    // everyone has left: the run's check ends the campaign
    clock.advance(2 * MINUTE);
    await settle();
    await admin.login(); // the session has aged a day on the clock
    expect((await admin.ok('plan.detail', { id: draft.id })).status).toBe('DEPLOYED');
    // the Plan Step tab's numbers: who reached each step, what each message sent and drew
    const stats = await admin.ok('planStatistics.detail', { id: draft.id });
    const steps = Object.fromEntries(stats.steps!.map((x) => [x.stepId, x]));
    expect(stats.steps!.map((x) => x.stepId)).toEqual(['welcome', 'day', 'clicked', 'ab', 'reminder', 'offerA', 'offerB', 'end']);
    expect(steps.welcome).toMatchObject({ type: 'MESSAGE', reached: N, sent: N, clicks: clickers.length });
    expect(steps.day!.reached).toBe(N);
    expect(steps.clicked!.reached).toBe(N);
    expect(steps.ab!.reached).toBe(clickers.length);
    expect(steps.reminder).toMatchObject({ reached: N - clickers.length, sent: N - clickers.length });
    expect(steps.offerA!.sent! + steps.offerB!.sent!).toBe(clickers.length);
    expect(steps.end!.reached).toBe(N);
    expect(stats.totals).toMatchObject({ sent: 2 * N, clicks: clickers.length });
    expect(stats.runs[0]).toMatchObject({ status: 'DONE', matched: N, sent: 2 * N });
    const states = await statesOf(draft.id);
    expect(states).toHaveLength(N);
    expect(states.every((s) => s.status === 'EXITED' && s.stepId === 'end')).toBe(true);
  }, 180_000);
});

/** The callers again, signed in to the restarted server. */
async function reconnect() {
  admin = new ApiClient(herald);
  await admin.login();
  other = new ApiClient(herald);
  await other.login('other-journey', 'Other@123');
  const client = new ApiClient(herald);
  await client.login('jules', 'Approve@123');
  approver = { id: approver.id, client };
}

describe('an A/B split with a winner rule', () => {
  beforeEach(reconnect);

  it('holds its holdout back for the window, then sends it the variant with the best click rate, once each', async () => {
    const tag = `W${Date.now().toString(36)}`;
    const more = await seedAudience(herald, 1, `jw${Date.now().toString(36)}`, 30);
    // the segment matches every account of the organization: the first test's and these
    const everyone = [...audience.emails, ...more.emails];
    const plan = await admin.ok('plan.saveDynamic', {
      name: `${tag} winner`,
      segmentId: more.segmentId,
      journey: {
        entry: 'ab',
        steps: {
          ab: {
            type: 'SPLIT',
            variants: [
              { share: 40, next: 'offerA' },
              { share: 40, next: 'offerB' },
            ],
            winner: { metric: 'CLICK', windowMinutes: 60, holdout: 20 },
          },
          offerA: { type: 'MESSAGE', channel: 'EMAIL', content: withLink(`${tag} offer A`), next: 'end' },
          offerB: { type: 'MESSAGE', channel: 'EMAIL', content: withLink(`${tag} offer B`), next: 'end' },
          end: { type: 'EXIT' },
        },
      },
    });
    // who goes where is the same on every worker: the test reads it as the engine does
    const split = plan.journey!.steps.ab as StepOf<'SPLIT'>;
    const side = (email: string) => variantOf(split, bucketOf(plan.id, 'ab', email.split('@')[0]!));
    const [a, b, held] = [everyone.filter((e) => side(e) === 0), everyone.filter((e) => side(e) === 1), everyone.filter((e) => side(e) === 'HOLDOUT')];
    expect(Math.min(a.length, b.length, held.length)).toBeGreaterThan(0);

    await approve(plan.id);
    await settle();
    expect(await mailsTo(`${tag} offer A`)).toEqual(a.sort());
    expect(await mailsTo(`${tag} offer B`)).toEqual(b.sort());

    // B draws clicks, A none: after the window the holdout gets B
    const mails = (await sentMail(herald)).filter((m) => m.subject === `${tag} offer B`) as unknown as { body: { html: string } }[];
    for (const m of mails.slice(0, 2)) {
      const link = /href="([^"]+\/service\/t\/c\/[^"]+)"/.exec(m.body.html)![1]!.replace(/&amp;/g, '&');
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    }
    clock.advance(30 * MINUTE);
    await settle();
    expect(await mailsTo(`${tag} offer B`)).toHaveLength(b.length);
    clock.advance(31 * MINUTE);
    await settle();
    expect(await mailsTo(`${tag} offer B`)).toEqual([...b, ...held].sort());
    expect(await mailsTo(`${tag} offer A`)).toEqual(a.sort());
    clock.advance(2 * MINUTE);
    await settle();
    await admin.login();
    expect((await admin.ok('plan.detail', { id: plan.id })).status).toBe('DEPLOYED');
  }, 120_000);
});

async function runIdOf(planId: string): Promise<string | undefined> {
  return (await new Store(herald.rt).forOrg(1).keyed('planRun').list(planId))[0]?.runId;
}

async function statesOf(planId: string) {
  const t = new Store(herald.rt).forOrg(1).keyed('journeyState');
  const all = await Promise.all(Array.from({ length: JOURNEY_SHARDS }, (_, shard) => t.list(`${planId}#${shard}`)));
  return all.flat();
}

describe('bad journeys and other organizations', () => {
  // the clock may have moved by days: sign in afresh
  beforeEach(reconnect);
  const base = (tag: string) => ({ name: `${tag} bad`, journey: journey(tag), segmentId: audience.segmentId });

  it('answers a catalogue error naming the step, in the caller’s language', async () => {
    const circle = base('c');
    (circle.journey.steps.reminder as { next: string }).next = 'day';
    const r = await admin.call('plan.saveDynamic', circle);
    expect(r.body.errorCode).toBe('400016');
    expect(r.body.errorMessage).toContain('payload.journey.steps.reminder: The journey goes round in a circle here');

    const long = base('l');
    (long.journey.steps.day.wait as { minutes: number }).minutes = 7 * 1440 + 1;
    const ja = await admin.call('plan.saveDynamic', long, { 'accept-language': 'ja' });
    expect(ja.body.errorCode).toBe('400016');
    expect(ja.body.errorMessage).toContain('最大遅延時間を超えています');

    const shares = base('s');
    shares.journey.steps.ab.variants[1]!.share = 30;
    expect((await admin.call('plan.saveDynamic', shares)).body.errorMessage).toContain('payload.journey.steps.ab.variants: The shares must add up to 100.');

    const missing = base('m');
    (missing.journey.steps.offerA as { next: string }).next = 'nowhere';
    expect((await admin.call('plan.saveDynamic', missing)).body.errorMessage).toContain('payload.journey.steps.offerA.next: This step does not exist.');
  });

  it('needs PLAN_BUILDER; another organization’s plans and segments answer as missing', async () => {
    const plain = await approver.client.call('plan.saveDynamic', base('p'));
    expect(plain.body.errorCode).toBe('730001');

    const mine = await admin.ok('plan.saveDynamic', base('own'));
    const foreign = await other.call('plan.duplicateBuilder', { id: mine.id });
    const nowhere = await other.call('plan.duplicateBuilder', { id: 'no-such-plan' });
    expect(foreign.body.errorCode).toBe('720003');
    expect(foreign.body).toEqual(nowhere.body);
    const overwrite = await other.call('plan.saveDynamic', { id: mine.id, name: 'taken', journey: journey('x') });
    expect(overwrite.body.errorCode).toBe('720003');
    expect((await other.call('plan.saveDynamic', { name: 'seg', journey: journey('x'), segmentId: audience.segmentId })).body.errorCode).toBe('720003');
    expect((await admin.ok('plan.detail', { id: mine.id })).name).toBe('own bad');

    // the builder's choices and limits: this organization's segments only
    const config = await admin.ok('planConfig.initBuilder', {});
    expect(config.limits).toEqual({ maxDelayMinutes: 7 * 1440, maxSteps: 100, maxVariants: 5 });
    expect(config.stepTypes).toEqual(['MESSAGE', 'WAIT', 'BRANCH', 'SPLIT', 'EXIT']);
    expect(config.segments.map((x) => x.id)).toContain(audience.segmentId);
    expect((await other.ok('planConfig.initBuilder', {})).segments.map((x) => x.id)).not.toContain(audience.segmentId);
    expect((await approver.client.call('planConfig.initBuilder', {})).body.errorCode).toBe('730001');

    // a campaign is copied with its journey; a single message is not a campaign
    const copy = await admin.ok('plan.duplicateBuilder', { id: mine.id });
    expect(copy).toMatchObject({ type: 'BUILDER', status: 'DRAFT', name: 'own bad (copy)', journey: mine.journey });
    expect((await admin.call('plan.duplicateSingle', { id: mine.id })).body.errorCode).toBe('720009');
  });
});
