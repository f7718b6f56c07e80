import { expect, it } from 'vitest';
import { wrapText } from './letterPdf';

const mono = { width: (t: string) => [...t].length };

it('keeps words whole and breaks CJK between characters', () => {
  expect(wrapText('the quick brown fox jumps', 10, mono)).toEqual(['the quick', 'brown fox', 'jumps']);
  expect(wrapText('いつもご利用いただきありがとうございます', 8, mono)).toEqual(['いつもご利用いた', 'だきありがとうご', 'ざいます']);
  expect(wrapText('Acme株式会社のご案内', 6, mono)).toEqual(['Acme株式', '会社のご案内']);
  expect(wrapText('supercalifragilistic', 8, mono)).toEqual(['supercal', 'ifragili', 'stic']);
  expect(wrapText('', 8, mono)).toEqual(['']);
});
