import { describe, expect, it } from 'vitest';
import { initialMapping, planOf, unmappedConsents } from './mapping';

const head = { header: ['id', 'email', 'sms_consent'], sample: [['1', 'a@example.com', 'true']], delimiter: ',' as const };

describe('the consent the file grants (issue 21)', () => {
  it('asks only about channels no column fills, and sends the answers given', () => {
    const state = initialMapping(head);
    expect(unmappedConsents(state.choices)).toEqual(['emailConsent', 'pushConsent', 'lineConsent']);
    const answered = planOf({ ...state, consent: { emailConsent: true, smsConsent: false, lineConsent: false }, consentUpdates: true });
    expect(answered).toMatchObject({ plan: { grantedConsent: { emailConsent: true, lineConsent: false }, grantedConsentUpdates: true } });
    expect('plan' in answered && answered.plan.grantedConsent).not.toHaveProperty('smsConsent');
    // unanswered: no consent is granted, as before
    const unanswered = planOf(state);
    expect('plan' in unanswered && unanswered.plan.grantedConsent).toBeUndefined();
  });
});

describe('the mapping problems in the portal language (issue 21)', () => {
  it('says what is wrong with a column in ja and zh, not in English', () => {
    const state = initialMapping(head);
    const unnamed = { ...state, choices: state.choices.map((c, i) => (i === 2 ? { ...c, target: 'attribute' as const, attribute: ' ' } : c)) };
    expect(planOf(unnamed, 'en')).toEqual({ errors: { columns: { 2: 'Please input the attribute name!' }, key: undefined } });
    expect(planOf(unnamed, 'ja')).toEqual({ errors: { columns: { 2: '属性名を入力してください！' }, key: undefined } });
    expect(planOf(unnamed, 'zh')).toEqual({ errors: { columns: { 2: '请输入属性名！' }, key: undefined } });
  });
});
