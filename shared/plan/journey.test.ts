import { describe, expect, it } from 'vitest';
import { bucketOf, dueAtOf, dueMinuteOf, type Journey, journeySchema, messageSteps, parseStepRun, reachShares, stepRunId, variantOf } from './journey';
import { textsIn } from '../i18n';

const email = (subject: string) => ({
  kind: 'EMAIL' as const,
  template: { defaultLanguage: 'en', contents: { en: { subject, preheader: '', blocks: [{ type: 'heading', text: subject }] } } },
});

/** welcome → wait a day → clicked welcome? → (yes) A/B split of two offers | (no) reminder → exit */
function journey(): Record<string, unknown> {
  return {
    entry: 'welcome',
    repeat: 'ONCE',
    steps: {
      welcome: { type: 'MESSAGE', channel: 'EMAIL', content: email('Welcome'), next: 'wait' },
      wait: { type: 'WAIT', wait: { kind: 'DELAY', minutes: 1440 }, next: 'clicked' },
      clicked: { type: 'BRANCH', condition: { kind: 'CLICKED', stepId: 'welcome' }, windowMinutes: 60, yes: 'split', no: 'reminder' },
      split: {
        type: 'SPLIT',
        variants: [
          { share: 50, next: 'offerA' },
          { share: 50, next: 'offerB' },
        ],
      },
      offerA: { type: 'MESSAGE', channel: 'EMAIL', content: email('Offer A'), next: 'end' },
      offerB: { type: 'MESSAGE', channel: 'EMAIL', content: email('Offer B'), next: 'end' },
      reminder: { type: 'MESSAGE', channel: 'EMAIL', content: email('Reminder'), next: 'end' },
      end: { type: 'EXIT' },
    },
  };
}

const problems = (j: unknown) => {
  const r = journeySchema.safeParse(j);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${textsIn(i.message, 'en')}`);
};

describe('the journey schema', () => {
  it('takes a journey with a message, a wait, a branch, a split and an exit', () => {
    const j = journeySchema.parse(journey());
    expect(j.repeat).toBe('ONCE');
    expect(messageSteps(j).map((m) => m.id)).toEqual(['welcome', 'reminder', 'offerA', 'offerB']);
  });

  it('refuses a link to a step that does not exist', () => {
    const j = journey();
    (j.steps as any).wait.next = 'nowhere';
    expect(problems(j)).toEqual(['steps.wait.next: This step does not exist.']);
  });

  it('refuses an entry that is not a step', () => {
    expect(problems({ ...journey(), entry: 'nope' })).toEqual(['entry: The journey needs exactly one entry step.']);
  });

  it('refuses a circle', () => {
    const j = journey();
    (j.steps as any).reminder.next = 'wait';
    expect(problems(j)).toEqual(['steps.reminder: The journey goes round in a circle here: every path must end at an exit.']);
  });

  it('refuses a step no path reaches', () => {
    const j = journey();
    (j.steps as any).lost = { type: 'EXIT' };
    expect(problems(j)).toEqual(['steps.lost: No path from the entry reaches this step.']);
  });

  it('refuses shares that do not add up to 100, with or without a holdout', () => {
    const j = journey();
    (j.steps as any).split.variants[1].share = 40;
    expect(problems(j)).toEqual(['steps.split.variants: The shares must add up to 100.']);
    (j.steps as any).split.winner = { metric: 'CLICK', windowMinutes: 120, holdout: 10 };
    expect(problems(j)).toEqual([]);
  });

  it('refuses a delay or a window over 7 days', () => {
    const j = journey();
    (j.steps as any).wait.wait.minutes = 7 * 1440 + 1;
    (j.steps as any).clicked.windowMinutes = 7 * 1440 + 1;
    expect(problems(j)).toEqual(['steps.wait.wait.minutes: Setting exceeding maximum delay time!', 'steps.clicked.windowMinutes: Setting exceeding maximum delay time!']);
  });

  it('refuses a branch on a step that is no message, or a message after it', () => {
    const j = journey();
    (j.steps as any).clicked.condition.stepId = 'wait';
    expect(problems(j)).toEqual(['steps.clicked.condition.stepId: This must be a message step of the journey.']);
    (j.steps as any).clicked.condition.stepId = 'offerA';
    expect(problems(j)).toEqual(['steps.clicked.condition.stepId: The message must come before this branch.']);
  });

  it('refuses content written for another channel, and a winner rule over variants that send nothing', () => {
    const j = journey();
    (j.steps as any).reminder.channel = 'SMS';
    (j.steps as any).split.variants = [
      { share: 45, next: 'offerA' },
      { share: 45, next: 'end' },
    ];
    delete (j.steps as any).offerB;
    (j.steps as any).split.winner = { metric: 'OPEN', windowMinutes: 60, holdout: 10 };
    expect(problems(j).sort()).toEqual([
      'steps.reminder.content: The content cannot be sent over this channel.',
      'steps.split.winner: With a winner rule every variant must lead to a message.',
    ]);
  });

  it('refuses bad step ids and a wait until a date that does not exist', () => {
    const j = journey();
    (j.steps as any)['bad id'] = { type: 'EXIT' };
    expect(problems(j)).toEqual(['steps.bad id: A step id is 1 to 32 letters, digits, - or _.']);
    const k = journey();
    (k.steps as any).wait.wait = { kind: 'UNTIL', at: '2026-02-30T09:00', timeZone: 'Asia/Tokyo' };
    expect(problems(k)).toEqual(['steps.wait.wait.at: Please choose a valid date and time.']);
  });
});

describe('what the engine reads of a journey', () => {
  it('names a message step run and reads it back', () => {
    expect(stepRunId('r1700', 'welcome')).toBe('r1700~welcome');
    expect(parseStepRun('r1700~welcome')).toEqual({ runId: 'r1700', stepId: 'welcome' });
    expect(parseStepRun('r1700')).toBeUndefined();
  });

  it('dues a delay, a date in a zone, a window and a holdout; minutes round up', () => {
    const j = journeySchema.parse(journey()) as Journey;
    const t = Date.UTC(2026, 10, 22, 9, 0, 30);
    expect(dueAtOf(j.steps.wait!, t)).toBe(t + 1440 * 60_000);
    expect(dueAtOf(j.steps.clicked!, t)).toBe(t + 60 * 60_000);
    expect(dueAtOf(j.steps.welcome!, t)).toBeUndefined();
    expect(dueAtOf({ type: 'WAIT', name: '', wait: { kind: 'UNTIL', at: '2026-11-23T09:00', timeZone: 'Asia/Tokyo' }, next: 'x' }, t)).toBe(Date.UTC(2026, 10, 23, 0, 0));
    expect(dueMinuteOf(t)).toBe(Date.UTC(2026, 10, 22, 9, 1));
    expect(dueMinuteOf(Date.UTC(2026, 10, 22, 9, 1))).toBe(Date.UTC(2026, 10, 22, 9, 1));
  });

  it('splits by share, the same way every time, the rest held out', () => {
    const split = {
      type: 'SPLIT' as const,
      name: '',
      variants: [
        { share: 30, next: 'a' },
        { share: 60, next: 'b' },
      ],
      winner: { metric: 'OPEN' as const, windowMinutes: 60, holdout: 10 },
    };
    const counts = { 0: 0, 1: 0, HOLDOUT: 0 } as Record<string, number>;
    for (let i = 0; i < 10_000; i++) {
      const v = variantOf(split, bucketOf('p', 'split', `a${i}`));
      counts[String(v)]! += 1;
      expect(variantOf(split, bucketOf('p', 'split', `a${i}`))).toBe(v);
    }
    expect(counts['0']! / 10_000).toBeCloseTo(0.3, 1);
    expect(counts['1']! / 10_000).toBeCloseTo(0.6, 1);
    expect(counts.HOLDOUT! / 10_000).toBeCloseTo(0.1, 1);
  });
});

describe('reachShares', () => {
  it('gives the entry all, a split its shares and the holdout to every variant, a branch all to both sides', () => {
    const j = journeySchema.parse(journey());
    expect(reachShares(j)).toEqual({ welcome: 1, wait: 1, clicked: 1, split: 1, offerA: 0.5, offerB: 0.5, reminder: 1, end: 1 });
    const withWinner = journey() as { steps: Record<string, Record<string, unknown>> };
    withWinner.steps.split!.variants = [
      { share: 30, next: 'offerA' },
      { share: 60, next: 'offerB' },
    ];
    withWinner.steps.split!.winner = { metric: 'CLICK', windowMinutes: 60, holdout: 10 };
    const shares = reachShares(journeySchema.parse(withWinner));
    expect(shares.offerA).toBeCloseTo(0.4);
    expect(shares.offerB).toBeCloseTo(0.7);
  });
});
