import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialCountry, initialMapping, planOf, rememberMapping, unmappedConsents, withRememberedMapping } from './mapping';

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

describe('where national phone numbers are (issue: a Tokyo or Shanghai team)', () => {
  it("starts from the organization's default country, else the portal language's; an English portal names none", () => {
    expect(initialCountry('US', 'ja')).toBe('US');
    expect(initialCountry('', 'ja')).toBe('JP');
    expect(initialCountry(undefined, 'zh')).toBe('CN');
    expect(initialCountry('', 'en')).toBe('');
  });

  it('sends the country with an account plan', () => {
    const state = initialMapping(head, 'UTF-8', 'JP');
    expect(planOf(state)).toMatchObject({ plan: { defaultCountry: 'JP' } });
    expect(planOf({ ...state, defaultCountry: '' })).toMatchObject({ plan: { defaultCountry: '' } });
  });
});

describe('the mapping remembered for the next file with the same columns', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives the same header list the choices last started with; another header list is guessed', () => {
    const state = initialMapping(head, 'UTF-8', 'JP');
    const changed = {
      ...state,
      keyCase: 'LOWER' as const,
      defaultCountry: 'CN',
      choices: state.choices.map((c, i) => (i === 2 ? { ...c, target: 'attribute' as const, attribute: 'sms' } : c)),
    };
    rememberMapping(changed);
    const again = withRememberedMapping(initialMapping(head, 'UTF-8', 'JP'));
    expect(again).toMatchObject({ keyCase: 'LOWER', defaultCountry: 'CN', choices: changed.choices });
    const other = initialMapping({ ...head, header: ['id', 'email', 'sms consent'] });
    expect(withRememberedMapping(other)).toEqual(other);
  });

  it('passes over what no longer fits', () => {
    store.set('herald.importMappings', JSON.stringify([[head.header.join('\u001f'), { kind: 'ACCOUNT', choices: [{ target: 'nope' }], primaryKeyColumn: 0 }]]));
    const state = initialMapping(head);
    expect(withRememberedMapping(state)).toEqual(state);
    store.set('herald.importMappings', '{not json');
    expect(withRememberedMapping(state)).toEqual(state);
  });
});
