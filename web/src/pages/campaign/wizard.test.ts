import { describe, expect, it } from 'vitest';
import { planServices, type PlanView } from '../../../../shared/services/plan';
import * as edits from '../template/draft';
import { draftSavable, firstInvalidStep, formFromPlan, fromLocalInput, localInputValue, newForm, parseAddresses, savePayload, stepValid, validateForm, type WizardForm } from './wizard';

const NOW = Date.UTC(2026, 10, 22, 0, 0, 0);

function filled(): WizardForm {
  const form = newForm('Asia/Tokyo', NOW);
  let email = edits.setLanguageField(form.email, 'en', 'subject', 'Hello {{firstName|there}}');
  [email] = edits.addBlock(email, 'en', 'heading');
  return { ...form, name: 'Spring sale', title: 'Spring', email, segmentId: 'seg-1' };
}

describe("the wizard form's locale", () => {
  it("starts the message's content in the organization's default language", () => {
    expect(newForm('Asia/Shanghai', NOW, 'zh').email).toMatchObject({ defaultLanguage: 'zh', contents: { zh: { blocks: [] } } });
    expect(newForm('Asia/Shanghai', NOW, 'zh').schedule).toMatchObject({ timeZone: 'Asia/Shanghai', date: '2026-11-22', time: '09:00' });
  });
});

describe('the wizard form', () => {
  it('starts empty, sent immediately, with a schedule suggested in the user zone', () => {
    const form = newForm('Asia/Tokyo', NOW);
    expect(form.trigger).toEqual({ kind: 'IMMEDIATELY' });
    expect(form.schedule).toMatchObject({ kind: 'SCHEDULE', timeZone: 'Asia/Tokyo', date: '2026-11-22', time: '10:00' });
    const errors = validateForm(form, NOW);
    expect(errors.fields).toEqual({ name: 'required', title: 'required' });
    expect(errors.email.count).toBeGreaterThan(0);
    expect(errors.segment).toBe('required');
    expect(firstInvalidStep(errors)).toBe('content');
    expect(draftSavable(errors)).toBe(false);
  });

  it('checks each step: content, then the segment, then the 5-minute rule', () => {
    const form = filled();
    expect(firstInvalidStep(validateForm(form, NOW))).toBeNull();
    expect(stepValid(validateForm(form, NOW), 'review')).toBe(true);

    const noSegment = validateForm({ ...form, segmentId: null }, NOW);
    expect(firstInvalidStep(noSegment)).toBe('segmentation');
    expect(draftSavable(noSegment)).toBe(true);

    const tooSoon = validateForm({ ...form, trigger: { kind: 'SCHEDULE', date: '2026-11-22', time: '09:03', timeZone: 'Asia/Tokyo' } }, NOW);
    expect(tooSoon.trigger).toBe('750002');
    expect(firstInvalidStep(tooSoon)).toBe('trigger');
    expect(draftSavable(tooSoon)).toBe(false);

    expect(validateForm({ ...form, name: 'x'.repeat(101) }, NOW).fields).toEqual({ name: 'tooLong' });
  });

  it('makes the payload the catalogue accepts, and reads a saved message back', () => {
    const form = { ...filled(), trigger: { kind: 'SCHEDULE' as const, date: '2026-11-23', time: '09:00', timeZone: 'Asia/Tokyo' } };
    const payload = savePayload(form, { id: 'p1', version: 3 });
    expect(planServices.saveSingle.payload.safeParse(payload).success).toBe(true);
    expect(payload).toMatchObject({ id: 'p1', version: 3, channel: 'EMAIL', segmentId: 'seg-1', trigger: { kind: 'SCHEDULE', at: '2026-11-23T09:00', timeZone: 'Asia/Tokyo' } });

    const parsed = planServices.saveSingle.payload.parse(payload);
    const view = { ...parsed, id: 'p1', status: 'DRAFT', actions: [], createdBy: 'u', version: 3, dateCreated: NOW, dateUpdated: NOW } as unknown as PlanView;
    const back = formFromPlan(view, 'UTC', NOW);
    expect(back).toMatchObject({ name: 'Spring sale', title: 'Spring', segmentId: 'seg-1', trigger: form.trigger, schedule: form.trigger });
    expect(back.email.contents.en.subject).toBe('Hello {{firstName|there}}');
    expect(back.email.contents.en.blocks.map((b) => b.type)).toEqual(['heading']);
  });
});

describe('test addresses and the review deadline', () => {
  it('splits, checks and de-duplicates addresses', () => {
    expect(parseAddresses(' qa@example.com, QA@example.com;lead@example.org  nope ')).toEqual({ emails: ['qa@example.com', 'lead@example.org'], invalid: ['nope'] });
    expect(parseAddresses('')).toEqual({ emails: [], invalid: [] });
  });

  it('reads a datetime-local value on the browser clock', () => {
    const at = new Date(2026, 10, 23, 9, 30).getTime();
    expect(localInputValue(at)).toBe('2026-11-23T09:30');
    expect(fromLocalInput('2026-11-23T09:30')).toBe(at);
    expect(fromLocalInput('')).toBeNull();
  });
});
