/**
 * The SMS counter against Twilio's segment calculator (the reference): a corpus of GSM-7 text, extension
 * characters at part boundaries, kana, kanji, emoji with modifiers and joiners, and random mixes of them.
 * (The reference counts a CRLF pair as UCS-2; the corpus uses LF line breaks, as the editor does.)
 */
import fc from 'fast-check';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { countSms, SMS_LIMITS, withStopFooter } from './segments';

function reference(text: string) {
  const m = new SegmentedMessage(text);
  return { encoding: m.encodingName, segments: m.segmentsCount };
}

const CORPUS = [
  '',
  'Hello there',
  'a'.repeat(160),
  'a'.repeat(161),
  'a'.repeat(306),
  'a'.repeat(307),
  '€'.repeat(80),
  '€'.repeat(81),
  `${'a'.repeat(152)}€b`,
  `${'a'.repeat(152)}[${'b'.repeat(200)}`,
  'Price: 10€ {today} [only] ~50% off | ^_^ \\o/',
  'Ünïcödé? Ñandú, Æsir, Straße, ¿qué? ¡sí! §3 ¤',
  'ア'.repeat(70),
  'ア'.repeat(71),
  'セール開始！今すぐチェック 🎉',
  '限时优惠，今天开始。',
  '😀'.repeat(35),
  '😀'.repeat(36),
  `${'a'.repeat(66)}😀`,
  `${'a'.repeat(66)}👍🏽 ok`,
  '👨‍👩‍👧‍👦 family'.repeat(10),
  'line one\nline two\n\nend',
  'Café crème — “quoted” ‘text’ …',
];

describe('SMS segments', () => {
  it.each(CORPUS.map((t) => [t.length > 40 ? `${t.slice(0, 40)}… (${t.length})` : JSON.stringify(t), t]))('%s', (_label, text) => {
    const mine = countSms(text);
    expect({ encoding: mine.encoding, segments: mine.segments }).toEqual(reference(text));
  });

  it('the limits of one message and of a part: GSM-7 160/153, UCS-2 70/67', () => {
    expect(SMS_LIMITS).toEqual({ 'GSM-7': { single: 160, part: 153 }, 'UCS-2': { single: 70, part: 67 } });
    expect(countSms('a'.repeat(160))).toMatchObject({ segments: 1, remaining: 0 });
    expect(countSms('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 153 - 8 });
    expect(countSms('あ'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, remaining: 0 });
    expect(countSms('あ'.repeat(71))).toMatchObject({ encoding: 'UCS-2', segments: 2, remaining: 67 - 4 });
    // an extension character counts twice and is not split from its escape
    expect(countSms('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(countSms(`${'a'.repeat(152)}€${'b'.repeat(10)}`)).toMatchObject({ units: 164, segments: 2, remaining: 153 - 12 });
  });

  it('names the characters that force UCS-2, once each', () => {
    expect(countSms('Sale “now” 🎉 “again”').nonGsm).toEqual(['“', '”', '🎉']);
    expect(countSms('plain [text]').nonGsm).toEqual([]);
  });

  it('agrees with the reference on random mixes of every kind of character', () => {
    const pieces = ['a', 'Z', '0', ' ', '\n', '@', 'é', 'Ñ', '€', '[', '}', '~', '\\', '|', '^', 'ア', 'ん', '漢', '😀', '👍🏽', '🇯🇵', '👨‍👩‍👧', 'é', '“'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 400 }), (parts) => {
        const text = parts.join('');
        const mine = countSms(text);
        expect({ encoding: mine.encoding, segments: mine.segments }).toEqual(reference(text));
      }),
      { numRuns: 400 },
    );
  });

  it('ends a message with the opt-out line in its language, once', () => {
    expect(withStopFooter('Sale today')).toBe('Sale today\nReply STOP to opt out.');
    expect(withStopFooter('セール', 'ja-JP')).toBe('セール\n配信停止は STOP と返信してください。');
    expect(withStopFooter('Sale\nReply STOP to opt out.')).toBe('Sale\nReply STOP to opt out.');
    expect(withStopFooter('Vente', 'fr')).toBe('Vente\nReply STOP to opt out.');
  });
});
