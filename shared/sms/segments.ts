/**
 * SMS segments (spec 001 3.1): GSM-7 or UCS-2, 153 or 67 units a part (6-octet header).
 * A grapheme is never split between parts, as carriers and Twilio's calculator do.
 */

/** the escape at 0x1B left out */
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const satisfies Record<SmsEncoding, { single: number; part: number }>;

export interface SmsCount {
  encoding: SmsEncoding;
  units: number;
  segments: number;
  perSegment: number;
  remaining: number;
  nonGsm: string[];
}

// made on first use: a segmenter loads ICU's break rules, which cost every cold start of the router
let segmenter: Intl.Segmenter | undefined;

function graphemesOf(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

function septetsOf(grapheme: string): number | undefined {
  let n = 0;
  for (const ch of grapheme) {
    if (BASIC.has(ch)) n += 1;
    else if (EXTENSION.has(ch)) n += 2;
    else return undefined;
  }
  return n;
}

export function countSms(text: string): SmsCount {
  const graphemes = graphemesOf(text);
  const septets = graphemes.map(septetsOf);
  const gsm = septets.every((n) => n !== undefined);
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const sizes = gsm ? (septets as number[]) : graphemes.map((g) => g.length);
  const units = sizes.reduce((a, b) => a + b, 0);
  const { single, part } = SMS_LIMITS[encoding];
  const nonGsm = gsm ? [] : [...new Set(graphemes.filter((_, i) => septets[i] === undefined))];
  if (units <= single) return { encoding, units, segments: 1, perSegment: single, remaining: single - units, nonGsm };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments, perSegment: part, remaining: part - used, nonGsm };
}

export const SMS_STOP_FOOTERS: Readonly<Record<string, string>> = {
  en: 'Reply STOP to opt out.',
  zh: '回复 STOP 退订。',
  ja: '配信停止は STOP と返信してください。',
};

export function withStopFooter(body: string, language = 'en'): string {
  const footer = SMS_STOP_FOOTERS[language.slice(0, 2).toLowerCase()] ?? SMS_STOP_FOOTERS.en!;
  const trimmed = body.trimEnd();
  return trimmed.endsWith(footer) ? trimmed : `${trimmed}\n${footer}`;
}
