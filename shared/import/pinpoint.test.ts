import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../entities/account';
import { endpointChange, withPhone } from './pinpoint';

const sms = (address: string, extra: Record<string, unknown> = {}) => JSON.stringify({ Id: 's-1', ChannelType: 'SMS', Address: address, User: { UserId: 'u-1' }, ...extra });

describe('Pinpoint SMS endpoints (issue 20)', () => {
  it('become the account phone number in E.164, national ones read with the default country', () => {
    expect(endpointChange(sms('+1 206-555-0100'))).toMatchObject({ phone: '+12065550100', change: { set: { smsConsent: true }, attributes: {} } });
    expect(endpointChange(sms('09012345678'), { defaultCountry: 'JP' })).toMatchObject({ phone: '+819012345678' });
  });

  it("OptOut 'ALL' puts the number on the unsubscription list and withdraws SMS consent", () => {
    expect(endpointChange(sms('+819012345678', { OptOut: 'ALL' }))).toMatchObject({
      phone: '+819012345678',
      optOut: { channel: 'SMS', target: '+819012345678' },
      change: { set: { smsConsent: false } },
    });
  });

  it('an address that is not a phone number fails the line', () => {
    expect(endpointChange(sms('not-a-number'))).toEqual({ reason: `Address: ${ACCOUNT_MESSAGES.phone}` });
    expect(endpointChange(sms('09012345678'))).toEqual({ reason: `Address: ${ACCOUNT_MESSAGES.phone}` });
  });

  it('adds a number once to the stored ones', () => {
    const stored = { phones: ['+819012345678'] } as Parameters<typeof withPhone>[0];
    expect(withPhone(stored, '+819012345678')).toEqual(['+819012345678']);
    expect(withPhone(stored, '+12065550100')).toEqual(['+819012345678', '+12065550100']);
    expect(withPhone(undefined, undefined)).toBeUndefined();
  });
});

describe('Pinpoint user attributes', () => {
  it('keep their names in any script; other characters become _', () => {
    const line = JSON.stringify({
      Id: 'e-1',
      ChannelType: 'EMAIL',
      Address: 'a@example.com',
      User: { UserId: 'u-1', UserAttributes: { 会員ランク: ['ゴールド'], 'Favourite colour': ['blue'], '1st': ['x'] } },
    });
    expect(endpointChange(line)).toMatchObject({ change: { attributes: { 会員ランク: 'ゴールド', Favourite_colour: 'blue', a1st: 'x' } } });
  });
});
