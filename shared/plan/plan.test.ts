import { describe, expect, it } from 'vitest';
import { checkedPlanSchema, checkScheduleTime, missingForReview, operationRecordSchema, parseLocalDateTime, planSchema, triggerSchema, zonedTimeToUtc } from './plan';
import { textsIn } from '../i18n';

const utc = (iso: string) => Date.parse(iso);

describe('zonedTimeToUtc', () => {
  it('reads Tokyo time (no daylight saving), across a date line', () => {
    expect(zonedTimeToUtc('2026-01-15T09:00', 'Asia/Tokyo')).toBe(utc('2026-01-15T00:00:00Z'));
    expect(zonedTimeToUtc('2026-01-01T05:00', 'Asia/Tokyo')).toBe(utc('2025-12-31T20:00:00Z'));
    expect(zonedTimeToUtc('2026-07-01T23:59:59', 'Asia/Tokyo')).toBe(utc('2026-07-01T14:59:59Z'));
  });
  it('reads New York time on both sides of the spring change', () => {
    expect(zonedTimeToUtc('2026-03-07T12:00', 'America/New_York')).toBe(utc('2026-03-07T17:00:00Z'));
    expect(zonedTimeToUtc('2026-03-08T01:59:59', 'America/New_York')).toBe(utc('2026-03-08T06:59:59Z'));
    expect(zonedTimeToUtc('2026-03-08T03:00', 'America/New_York')).toBe(utc('2026-03-08T07:00:00Z'));
    expect(zonedTimeToUtc('2026-03-09T12:00', 'America/New_York')).toBe(utc('2026-03-09T16:00:00Z'));
  });
  it('moves a skipped New York time on by the gap (02:30 is 03:30 daylight time)', () => {
    expect(zonedTimeToUtc('2026-03-08T02:30', 'America/New_York')).toBe(utc('2026-03-08T07:30:00Z'));
  });
  it('takes the earlier of a repeated New York time in autumn', () => {
    expect(zonedTimeToUtc('2026-11-01T00:59', 'America/New_York')).toBe(utc('2026-11-01T04:59:00Z'));
    expect(zonedTimeToUtc('2026-11-01T01:30', 'America/New_York')).toBe(utc('2026-11-01T05:30:00Z'));
    expect(zonedTimeToUtc('2026-11-01T02:00', 'America/New_York')).toBe(utc('2026-11-01T07:00:00Z'));
  });
  it('reads London time in winter, summer and at both changes', () => {
    expect(zonedTimeToUtc('2026-01-01T12:00', 'Europe/London')).toBe(utc('2026-01-01T12:00:00Z'));
    expect(zonedTimeToUtc('2026-07-01T12:00', 'Europe/London')).toBe(utc('2026-07-01T11:00:00Z'));
    expect(zonedTimeToUtc('2026-03-29T00:30', 'Europe/London')).toBe(utc('2026-03-29T00:30:00Z'));
    expect(zonedTimeToUtc('2026-03-29T01:30', 'Europe/London')).toBe(utc('2026-03-29T01:30:00Z'));
    expect(zonedTimeToUtc('2026-03-29T02:00', 'Europe/London')).toBe(utc('2026-03-29T01:00:00Z'));
    expect(zonedTimeToUtc('2026-10-25T01:30', 'Europe/London')).toBe(utc('2026-10-25T00:30:00Z'));
    expect(zonedTimeToUtc('2026-10-25T02:00', 'Europe/London')).toBe(utc('2026-10-25T02:00:00Z'));
  });
  it('handles half-hour offsets and half-hour changes', () => {
    expect(zonedTimeToUtc('2026-06-01T12:00', 'Asia/Kolkata')).toBe(utc('2026-06-01T06:30:00Z'));
    expect(zonedTimeToUtc('2026-10-04T02:15', 'Australia/Lord_Howe')).toBe(utc('2026-10-03T15:45:00Z'));
  });
  it('refuses what is not a local date-time or a zone', () => {
    expect(() => zonedTimeToUtc('2026-02-30T10:00', 'Asia/Tokyo')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-01-01T10:00Z', 'Asia/Tokyo')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-01-01T10:00', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-01-01T10:00', '+09:00')).toThrow(RangeError);
  });
});

describe('parseLocalDateTime', () => {
  it('accepts minutes or seconds and checks the calendar', () => {
    expect(parseLocalDateTime('2028-02-29T23:59:30')).toEqual({ year: 2028, month: 2, day: 29, hour: 23, minute: 59, second: 30 });
    expect(parseLocalDateTime('2026-02-29T10:00')).toBeNull();
    expect(parseLocalDateTime('2026-01-01T24:00')).toBeNull();
    expect(parseLocalDateTime('2026-01-01 10:00')).toBeNull();
  });
});

describe('checkScheduleTime (the 5-minute rule)', () => {
  const now = utc('2026-03-08T06:50:00Z'); // 01:50 in New York, ten minutes before clocks go forward

  it('accepts a time exactly 5 minutes ahead and refuses one a second short', () => {
    expect(checkScheduleTime('2026-01-15T09:05', 'Asia/Tokyo', utc('2026-01-15T00:00:00Z'))).toEqual({
      ok: true,
      instant: utc('2026-01-15T00:05:00Z'),
    });
    expect(checkScheduleTime('2026-01-15T09:04:59', 'Asia/Tokyo', utc('2026-01-15T00:00:00Z'))).toEqual({
      ok: false,
      code: '750002',
    });
  });
  it('refuses a time in the past', () => {
    expect(checkScheduleTime('2026-01-14T09:00', 'Asia/Tokyo', new Date('2026-01-15T00:00:00Z'))).toEqual({
      ok: false,
      code: '750002',
    });
  });
  it('measures the gap in real time across a daylight-saving change', () => {
    // 03:04 daylight time is 07:04Z: 14 minutes ahead, though the wall clock reads 74 minutes later.
    expect(checkScheduleTime('2026-03-08T03:04', 'America/New_York', now)).toEqual({ ok: true, instant: utc('2026-03-08T07:04:00Z') });
    // 01:54 standard time is 06:54Z: 4 minutes ahead.
    expect(checkScheduleTime('2026-03-08T01:54', 'America/New_York', now)).toEqual({ ok: false, code: '750002' });
    // The same wall-clock time is far off in Tokyo's terms but in the past there.
    expect(checkScheduleTime('2026-03-08T03:04', 'Asia/Tokyo', now)).toEqual({ ok: false, code: '750002' });
  });
  it('keeps a changed time at least 5 minutes from the one it replaces', () => {
    const previous = utc('2026-01-15T03:00:00Z');
    const at = utc('2026-01-15T00:00:00Z');
    expect(checkScheduleTime('2026-01-15T12:04', 'Asia/Tokyo', at, previous)).toEqual({ ok: false, code: '750002' });
    expect(checkScheduleTime('2026-01-15T11:56', 'Asia/Tokyo', at, previous)).toEqual({ ok: false, code: '750002' });
    expect(checkScheduleTime('2026-01-15T12:05', 'Asia/Tokyo', at, previous)).toMatchObject({ ok: true });
  });
  it('answers 401005 for a time or zone it cannot read', () => {
    expect(checkScheduleTime('2026-13-01T10:00', 'Asia/Tokyo', 0)).toEqual({ ok: false, code: '401005' });
    expect(checkScheduleTime('2026-12-01T10:00', 'Asia/Nowhere', 0)).toEqual({ ok: false, code: '401005' });
  });
});

const base = {
  orgId: 1,
  id: 'p1',
  version: 0,
  dateCreated: 1,
  dateUpdated: 1,
  createdBy: 'author',
  updatedBy: 'author',
  name: 'Spring sale',
  title: 'Spring sale starts',
  channel: 'EMAIL',
  content: { kind: 'EMAIL', template: { contents: { en: { subject: 'Spring sale', blocks: [{ type: 'paragraph' }] } } } },
};

describe('planSchema', () => {
  it('reads a minimal e-mail draft with its defaults', () => {
    const plan = planSchema.parse(base);
    expect(plan).toMatchObject({
      status: 'DRAFT',
      type: 'SINGLE',
      messageType: 1,
      trigger: { kind: 'IMMEDIATELY' },
      tagIds: [],
      content: { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { preheader: '' } } } },
    });
    expect(planSchema.parse({ ...base, content: { kind: 'EMAIL', template: { contents: { en: { subject: 'Hi' } } } } }).content).toMatchObject({
      kind: 'EMAIL',
      template: { defaultLanguage: 'en', contents: { en: { subject: 'Hi', preheader: '', blocks: [] } } },
    });
    expect(missingForReview(plan)).toEqual(['segmentId', 'approval']);
  });
  it('reads a template reference, a schedule, an approval and a rejection', () => {
    const plan = planSchema.parse({
      ...base,
      status: 'REJECTED',
      content: { kind: 'TEMPLATE', templateId: 't1' },
      segmentId: 's1',
      trigger: { kind: 'SCHEDULE', at: '2026-04-01T09:00', timeZone: 'Asia/Tokyo' },
      approval: { participants: ['u1', 'u2'], deadline: 1_800_000_000_000 },
      rejection: { type: 'CONTENT', reason: 'Price is wrong', by: 'u1', at: 1_700_000_000_000 },
    });
    expect(plan.approval).toEqual({ participants: ['u1', 'u2'], deadline: 1_800_000_000_000, passedBy: [], revision: 1 });
    expect(missingForReview(plan)).toEqual([]);
  });
  it('requires name, title and the subject with the spec messages', () => {
    const issues = planSchema.safeParse({ ...base, name: ' ', title: '', content: { kind: 'EMAIL', template: { contents: { en: { subject: '' } } } } }).error?.issues;
    expect(issues?.map((i) => textsIn(i.message, 'en')).sort()).toEqual(['Please input the name!', 'Please input the subject!', 'Please input the title!']);
  });
  it('refuses unknown states, the display-only MIXED channel and bad schedules', () => {
    expect(planSchema.safeParse({ ...base, status: 'SENT' }).success).toBe(false);
    expect(planSchema.safeParse({ ...base, channel: 'MIXED' }).success).toBe(false);
    expect(triggerSchema.safeParse({ kind: 'SCHEDULE', at: '2026-04-01T09:00' }).success).toBe(false);
    expect(triggerSchema.safeParse({ kind: 'SCHEDULE', at: '2026-04-31T09:00', timeZone: 'Asia/Tokyo' }).success).toBe(false);
    expect(triggerSchema.safeParse({ kind: 'SCHEDULE', at: '2026-04-01T09:00', timeZone: 'JST+9' }).success).toBe(false);
  });
  it('refuses e-mail content on another channel and the author as a participant', () => {
    const issues = checkedPlanSchema.safeParse({
      ...base,
      channel: 'SMS',
      approval: { participants: ['author'], deadline: 5 },
    }).error?.issues;
    expect(issues?.map((i) => i.path.join('.'))).toEqual(['content', 'approval.participants']);
    expect(checkedPlanSchema.safeParse(base).success).toBe(true);
  });
});

describe('operationRecordSchema', () => {
  it('records who moved a plan from where to where, and why', () => {
    const record = { orgId: 1, id: 'o1', planId: 'p1', action: 'reject', from: 'PENDING_APPROVAL', to: 'REJECTED', by: 'u1', at: 5, reason: 'Price', rejectType: 'CONTENT' };
    expect(operationRecordSchema.parse(record)).toEqual(record);
    expect(operationRecordSchema.safeParse({ ...record, action: 'publish' }).success).toBe(false);
    expect(operationRecordSchema.parse({ ...record, action: 'delete', from: 'DRAFT', to: 'DELETED', reason: undefined, rejectType: undefined }).to).toBe('DELETED');
  });
});
