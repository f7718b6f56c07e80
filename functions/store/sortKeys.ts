// Index sort keys that DynamoDB's byte order sorts the way `compareValues` (functions/store/paging.ts) sorts in
// memory: text case- and accent-insensitively with digit runs as numbers, numbers by value.

const PUNCTUATION = '\t\n\u000b\f\r _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const PUNCTUATION_BASE = 0x21;
const OTHER_PUNCTUATION = String.fromCharCode(PUNCTUATION_BASE + PUNCTUATION.length);
const DIGITS = String.fromCharCode(PUNCTUATION_BASE + PUNCTUATION.length + 1);
const END = '\u0001';
const IGNORED = /[\p{Cf}]|[^\P{Cc}\t\n\u000b\f\r]/u;

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i', ħ: 'h', þ: 'th' };

function textKey(value: string): string {
  const folded = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłıħþ]/g, (c) => FOLD[c]);
  let key = '';
  for (let i = 0; i < folded.length; ) {
    const ch = folded[i];
    // Format and control characters weigh nothing, but still end a digit run.
    if (IGNORED.test(ch)) {
      i++;
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      let end = i;
      while (end < folded.length && folded[end] >= '0' && folded[end] <= '9') end++;
      const digits = folded.slice(i, end).replace(/^0+(?=\d)/, '');
      // The run's length first, so that 9 sorts before 10.
      key += DIGITS + String.fromCharCode(0x30 + Math.min(digits.length, 0xd000)) + digits;
      i = end;
      continue;
    }
    const p = PUNCTUATION.indexOf(ch);
    if (p >= 0) key += String.fromCharCode(PUNCTUATION_BASE + p);
    else if (ch === '\u00a0') key += String.fromCharCode(PUNCTUATION_BASE + PUNCTUATION.indexOf(' '));
    else if (/[\p{P}\p{S}\p{Z}]/u.test(ch)) key += OTHER_PUNCTUATION + ch;
    else key += ch;
    i++;
  }
  return key;
}

function numberKey(value: number): string {
  return String(Math.max(0, Math.trunc(value))).padStart(16, '0');
}

export function sortKey(value: string | number, id: string): string {
  return (typeof value === 'number' ? numberKey(value) : textKey(value)) + END + id;
}
