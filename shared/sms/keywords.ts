/** Opt-out keywords (spec 001 section 9): AWS End User Messaging's defaults, and the words people in Japan and China send. */
export const SMS_OPT_OUT_KEYWORDS: readonly string[] = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'OPT-OUT',
  'OPT OUT',
  'REMOVE',
  'REVOKE',
  'ARRET',
  'TD',
  '停止',
  '配信停止',
  '配信解除',
  '解除',
  'ストップ',
  'すとっぷ',
  '退订',
  '取消订阅',
  '取消',
  '退訂',
];

const KEYWORDS = new Set(SMS_OPT_OUT_KEYWORDS.map((k) => normalizeKeyword(k)));

export function normalizeKeyword(text: string): string {
  return text
    .normalize('NFKC')
    .trim()
    .replace(/[\s.!。！、,，?？]+$/u, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

export function isOptOutReply(text: string | undefined | null): boolean {
  return typeof text === 'string' && text.length <= 200 && KEYWORDS.has(normalizeKeyword(text));
}
