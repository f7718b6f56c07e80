import { describe, expect, it } from 'vitest';
import { planServices, type PlanView } from '../../../../shared/services/plan';
import * as edits from '../template/draft';
import { withContent } from '../template/channel/channelDraft';
import {
  DEFAULT_REVIEW_HOURS,
  draftSavable,
  firstInvalidStep,
  formFromPlan,
  fromZonedInput,
  hasContent,
  newForm,
  parseAddresses,
  parseTargets,
  savePayload,
  smsCost,
  stepsFor,
  stepValid,
  validateForm,
  withChannel,
  type WizardForm,
  zonedInputValue,
} from './wizard';
import { approvalDeadline, newApproval } from './wizard/approvalSheet';
import { E164, LINE_USER_ID } from '../../../../shared/phone';

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

  it("reads and writes a deadline on the clock of the organization's zone, whatever the browser's", () => {
    const at = Date.UTC(2026, 10, 23, 0, 30);
    expect(zonedInputValue(at, 'Asia/Tokyo')).toBe('2026-11-23T09:30');
    expect(zonedInputValue(at, 'Asia/Shanghai')).toBe('2026-11-23T08:30');
    expect(fromZonedInput('2026-11-23T09:30', 'Asia/Tokyo')).toBe(at);
    expect(fromZonedInput('2026-11-23T08:30', 'Asia/Shanghai')).toBe(at);
    // daylight saving: New York is UTC-5 in November, UTC-4 in July
    expect(fromZonedInput('2026-07-01T09:00', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 13, 0));
    expect(fromZonedInput('', 'Asia/Tokyo')).toBeNull();
    expect(fromZonedInput('2026-02-30T09:00', 'Asia/Tokyo')).toBeNull();
    expect(fromZonedInput('2026-11-23T09:30', 'Mars/Olympus')).toBeNull();
  });

  it('starts a new approval sheet a day ahead in the given zone, and reads its deadline back in that zone', () => {
    const now = Date.UTC(2026, 10, 23, 15, 0);
    const sheet = newApproval('Asia/Tokyo', now);
    expect(sheet).toEqual({ participants: [], deadline: '2026-11-25T00:00', timeZone: 'Asia/Tokyo' });
    expect(approvalDeadline(sheet)).toBe(now + DEFAULT_REVIEW_HOURS * 3_600_000);
    expect(approvalDeadline({ ...sheet, timeZone: 'UTC' })).toBe(Date.UTC(2026, 10, 25, 0, 0));
  });
});

/** A saved message's view as the server answers it, from the payload the wizard sent. */
function viewOf(payload: ReturnType<typeof savePayload>): PlanView {
  const parsed = planServices.saveSingle.payload.parse(payload);
  return { ...parsed, id: 'p1', status: 'DRAFT', actions: [], createdBy: 'u', version: 3, dateCreated: NOW, dateUpdated: NOW, people: {} } as unknown as PlanView;
}

describe('every channel', () => {
  const named = () => ({ ...newForm('Asia/Tokyo', NOW), name: 'Spring', title: 'Spring', segmentId: 'seg-1' });

  it('writes an SMS in two languages into the plan payload and reads it back', () => {
    let form = withChannel(named(), 'SMS');
    expect(form.message.channel).toBe('SMS');
    expect(firstInvalidStep(validateForm(form, NOW))).toBe('content');
    form = {
      ...form,
      message: withContent(withContent(form.message, 'en', { text: 'Hi {{firstName|there}}', stopFooter: true, trackLinks: true }), 'ja', {
        text: 'こんにちは',
        stopFooter: false,
        trackLinks: false,
      }),
    };
    expect(hasContent(form)).toBe(true);
    expect(firstInvalidStep(validateForm(form, NOW))).toBeNull();
    const payload = savePayload(form);
    expect(planServices.saveSingle.payload.safeParse(payload).success).toBe(true);
    expect(payload).toMatchObject({
      channel: 'SMS',
      content: {
        kind: 'SMS',
        template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi {{firstName|there}}', trackLinks: true }, ja: { text: 'こんにちは', stopFooter: false } } },
      },
    });
    const back = formFromPlan(viewOf(payload), 'UTC', NOW);
    expect(back.channel).toBe('SMS');
    expect(back.message.contents).toEqual(form.message.contents);
    expect(stepsFor('SMS')).toEqual(['content', 'segmentation', 'trigger', 'review']);
  });

  it("writes push and LINE content, checked by the channel editors' own schema", () => {
    let push = withChannel(named(), 'PUSH_NATIVE');
    push = {
      ...push,
      message: withContent(push.message, 'en', {
        ...push.message.contents.en,
        title: 'Sale',
        body: 'Today only',
        buttons: [{ text: 'Open', action: 'WEBSITE', value: 'https://example.com' }],
      }),
    };
    expect(validateForm(push, NOW).message.count).toBe(0);
    const pushPayload = savePayload(push);
    expect(planServices.saveSingle.payload.safeParse(pushPayload).success).toBe(true);
    expect(formFromPlan(viewOf(pushPayload), 'UTC', NOW).message.contents.en).toMatchObject({ title: 'Sale', buttons: [{ text: 'Open', action: 'WEBSITE' }] });

    const line = withChannel(named(), 'LINE');
    const empty = validateForm(line, NOW);
    expect(empty.message.count).toBeGreaterThan(0);
    expect(stepValid(empty, 'content')).toBe(false);
    const written = { ...line, message: withContent(line.message, 'en', { messages: [{ type: 'text', text: 'Hello' }] }) };
    const payload = savePayload(written);
    expect(payload.content).toMatchObject({ kind: 'LINE', template: { contents: { en: { messages: [{ type: 'text', text: 'Hello' }] } } } });
    expect(planServices.saveSingle.payload.safeParse(payload).success).toBe(true);
  });

  it('asks a letter for its company in the Company step, and keeps it in the content', () => {
    let form = withChannel(named(), 'DIRECT_MAIL');
    form = { ...form, message: withContent(form.message, 'en', { ...form.message.contents.en, subject: 'Notice', body: 'Dear {{firstName}}', closing: 'Regards' }) };
    expect(stepsFor('DIRECT_MAIL')).toEqual(['content', 'segmentation', 'trigger', 'company', 'review']);
    const noCompany = validateForm(form, NOW);
    expect(noCompany.company).toBe('required');
    expect(firstInvalidStep(noCompany)).toBe('company');
    expect(draftSavable(noCompany)).toBe(true);
    form = { ...form, message: { ...form.message, companyId: 'co-1' } };
    expect(firstInvalidStep(validateForm(form, NOW))).toBeNull();
    const payload = savePayload(form);
    expect(payload.content).toMatchObject({ kind: 'DIRECT_MAIL', template: { channel: 'DIRECT_MAIL', companyId: 'co-1' } });
    expect(planServices.saveSingle.payload.safeParse(payload).success).toBe(true);
    expect(formFromPlan(viewOf(payload), 'UTC', NOW).message.companyId).toBe('co-1');
  });

  it('keeps the email aside while another channel is chosen', () => {
    const form = filled();
    const sms = withChannel(form, 'SMS');
    expect(validateForm(sms, NOW).email.count).toBe(0);
    const back = withChannel(sms, 'EMAIL');
    expect(back.email).toBe(form.email);
    expect(savePayload(back).content.kind).toBe('EMAIL');
  });
});

describe('test targets and the SMS cost line', () => {
  it('reads numbers with their spaces and LINE ids, separated by commas', () => {
    expect(parseTargets('+81 90 1234 5678, +1 (206) 555-0100;+819012345678, 0901234', E164)).toEqual({ values: ['+819012345678', '+12065550100'], invalid: ['0901234'] });
    expect(parseTargets(`U${'a'.repeat(32)}\nnope`, LINE_USER_ID)).toEqual({ values: [`U${'a'.repeat(32)}`], invalid: ['nope'] });
  });

  it('counts the parts of a sending and what they cost at most', () => {
    expect(smsCost(2, 1500)).toEqual({ parts: 3000 });
    expect(smsCost(2, 1500, '0.00581')).toEqual({ parts: 3000, max: '17.43' });
  });
});
