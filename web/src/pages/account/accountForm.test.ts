import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../../../shared/services';
import { fieldErrorOf, formOf, payloadOf } from './accountForm';

const account: AccountView = {
  id: 'a-1',
  emails: ['a@example.com', 'b@example.com'],
  phones: ['+819012345678'],
  firstName: '太郎',
  lastName: '山田',
  address: { lines: ['1-2-3 Shibuya'], city: 'Tokyo', country: 'JP' },
  tags: ['vip'],
  attributes: { score: 3, member: true, note: 'x', gone: null },
  emailConsent: true,
  smsConsent: false,
  pushConsent: false,
  lineConsent: false,
  version: 4,
  dateCreated: 1,
  dateUpdated: 2,
};

describe('account edit form', () => {
  it('gives back what it was given, at the version read', () => {
    expect(payloadOf(account, formOf(account))).toMatchObject({
      id: 'a-1',
      version: 4,
      emails: ['a@example.com', 'b@example.com'],
      phones: ['+819012345678'],
      address: { lines: ['1-2-3 Shibuya'], city: 'Tokyo', country: 'JP' },
      tags: ['vip'],
      attributes: { score: 3, member: true, note: 'x', gone: null },
      emailConsent: true,
    });
  });

  it('keeps an attribute its type while the text reads as one; clears emptied fields', () => {
    const form = { ...formOf(account), attributes: 'score: 7\nmember: false\nnew: 12', tags: 'a、b, c', lastName: ' ', addressLines: '', city: '', addressCountry: '' };
    const p = payloadOf(account, form);
    expect(p.attributes).toEqual({ score: 7, member: false, new: '12' });
    expect(p.tags).toEqual(['a', 'b', 'c']);
    expect(p.lastName).toBeUndefined();
    expect(p.address).toBeUndefined();
  });

  it("finds the input of the server's field error after the catalogue's sentence", () => {
    expect(fieldErrorOf('入力が正しくありません。 payload.phones.0: Please enter a phone number with its country code')).toEqual({
      field: 'phones',
      text: 'Please enter a phone number with its country code',
    });
    expect(fieldErrorOf('Bad. payload.address.country: two letters')).toEqual({ field: 'addressCountry', text: 'two letters' });
    expect(fieldErrorOf('Bad. payload.version: x')).toBeNull();
    expect(fieldErrorOf(null)).toBeNull();
  });
});
