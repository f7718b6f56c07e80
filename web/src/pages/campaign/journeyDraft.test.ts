import { describe, expect, it } from 'vitest';
import { journeySchema } from '../../../../shared/plan/journey';
import { draftOf, type JourneyDraft, journeyOf, newStep, removeStep } from './journeyDraft';

function canvas(): JourneyDraft {
  const steps = [newStep('MESSAGE', [])];
  for (const type of ['WAIT', 'BRANCH', 'SPLIT', 'MESSAGE', 'EXIT'] as const) steps.push(newStep(type, steps));
  const [welcome, wait, branch, split, offer, exit] = steps;
  Object.assign(welcome!, { templateId: 'tpl-1', next: wait!.id });
  Object.assign(wait!, { minutes: 1440, next: branch!.id });
  Object.assign(branch!, { messageStepId: welcome!.id, yes: split!.id, no: exit!.id });
  Object.assign(split!, {
    variants: [
      { share: 50, next: offer!.id },
      { share: 50, next: exit!.id },
    ],
  });
  Object.assign(offer!, { templateId: 'tpl-2', next: exit!.id });
  return { steps, entry: welcome!.id, repeat: 'NEW' };
}

describe('the canvas draft', () => {
  it('numbers new steps and makes a journey plan.saveDynamic takes', () => {
    const draft = canvas();
    expect(draft.steps.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
    const parsed = journeySchema.safeParse(journeyOf(draft));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data!.steps.s3).toMatchObject({ type: 'BRANCH', condition: { kind: 'CLICKED', stepId: 's1' }, windowMinutes: 60 });
  });

  it('reads a saved journey back as it was written', () => {
    const journey = journeySchema.parse(journeyOf(canvas()));
    const again = journeySchema.parse(journeyOf(draftOf(journey)));
    expect(again).toEqual(journey);
  });

  it('deletes a step and clears the links that led to it; the entry moves on', () => {
    const draft = removeStep(canvas(), 's1');
    expect(draft.entry).toBe('s2');
    expect(draft.steps.find((s) => s.id === 's3')!.messageStepId).toBe('');
    const later = removeStep(draft, 's6');
    expect(later.steps.find((s) => s.id === 's4')!.variants.map((v) => v.next)).toEqual(['s5', '']);
  });
});
