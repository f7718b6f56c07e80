import { describe, expect, it } from 'vitest';
import { countSms } from '../sms/segments';
import { layoutLetter, letterContentSchema, renderSms, smsContentSchema, summaryLine } from '.';

describe('SMS', () => {
  it('adds the STOP footer in the language, counted as sent', () => {
    const content = smsContentSchema.parse({ text: 'Hi {{firstName|there}}, sale today' });
    expect(renderSms(content, 'en', { firstName: 'Mia' })).toBe('Hi Mia, sale today\nReply STOP to opt out.');
    expect(renderSms(content, 'ja-JP', {})).toBe('Hi there, sale today\n配信停止は STOP と返信してください。');
    expect(renderSms({ ...content, stopFooter: false }, 'zh', {})).toBe('Hi there, sale today');
    // the footer's kana force UCS-2: a text that fits GSM-7 alone needs more parts with it
    expect(countSms(renderSms(content, 'en')).encoding).toBe('GSM-7');
    expect(countSms(renderSms(content, 'ja')).encoding).toBe('UCS-2');
  });
});

describe('letters', () => {
  it('lays out the sender, the personalised address without empty lines, a localized date and paragraphs', () => {
    const content = letterContentSchema.parse({ subject: 'Offer for {{firstName}}', body: 'First line\nsame paragraph\n\n\nSecond paragraph', closing: 'Sincerely' });
    const sender = {
      company: 'Acme',
      fullName: 'Acme Ltd',
      address: '1 Main St\nTokyo',
      website: 'https://acme.example',
      name: 'Mia Chen',
      phone: '+81 3 0000',
      email: 'mia@acme.example',
    };
    const layout = layoutLetter(content, sender, 'ja', { firstName: 'Taro', lastName: 'Yamada' }, new Date(Date.UTC(2026, 10, 24, 12)));
    expect(layout.sender).toEqual(['Acme', '1 Main St', 'Tokyo', '+81 3 0000', 'mia@acme.example', 'https://acme.example']);
    expect(layout.recipient).toEqual(['Taro Yamada']);
    expect(layout.date).toBe('2026年11月24日');
    expect(layout.subject).toBe('Offer for Taro');
    expect(layout.paragraphs).toEqual(['First line\nsame paragraph', 'Second paragraph']);
    expect(layout.closing).toEqual(['Sincerely', 'Mia Chen', 'Acme Ltd']);
  });
});

it('summarises each channel in one line', () => {
  expect(summaryLine('PUSH_NATIVE', { title: 'Sale\n now' })).toBe('Sale now');
  expect(summaryLine('SMS', { text: 'x'.repeat(300) })).toHaveLength(100);
  expect(summaryLine('LINE', { messages: [{ type: 'image' }] })).toBe('[image]');
  expect(summaryLine('LINE', { messages: [{ type: 'buttons', altText: 'Alt' }] })).toBe('Alt');
  expect(summaryLine('EMAIL', null)).toBe('');
});
