import { describe, expect, it } from 'vitest';
import { isOptOutReply } from './keywords';
import { estimateSmsCost, smsCostLine } from './cost';

describe('opt-out replies', () => {
  it('take the keywords trimmed, in any case, full-width or with closing punctuation', () => {
    for (const reply of [
      'STOP',
      ' stop ',
      'Stop.',
      'ＳＴＯＰ',
      'stopall',
      'Unsubscribe',
      'cancel',
      'END',
      'quit!',
      'OptOut',
      'opt-out',
      '停止',
      '配信停止。',
      'ストップ',
      '退订',
      'TD',
    ]) {
      expect(isOptOutReply(reply), reply).toBe(true);
    }
  });
  it('leave other replies alone: a keyword inside a sentence is not an opt-out', () => {
    for (const reply of ['', 'Hello', 'STOPPED', "don't stop", 'stop sending me offers please', 'YES', undefined, null]) {
      expect(isOptOutReply(reply as string), String(reply)).toBe(false);
    }
  });
});

describe('the cost estimate', () => {
  it('counts parts per message and for the whole send, with the encoding', () => {
    expect(estimateSmsCost('Hi there', 1200)).toEqual({ encoding: 'GSM-7', partsPerMessage: 1, recipients: 1200, parts: 1200 });
    // 71 UCS-2 units take two parts of 67
    expect(estimateSmsCost('あ'.repeat(71), 10)).toMatchObject({ encoding: 'UCS-2', partsPerMessage: 2, parts: 20 });
  });
  it('prices the send only when every country counted has a price', () => {
    const prices = { US: 0.00581, JP: 0.07 };
    expect(estimateSmsCost('Hi', { US: 100, JP: 10 }, prices)).toMatchObject({ parts: 110, usd: 1.281 });
    expect(estimateSmsCost('Hi', { US: 100, FR: 10 }, prices)).not.toHaveProperty('usd');
  });
  it('says it in the caller’s language: "N parts" without prices', () => {
    const e = estimateSmsCost('Hi', 1200);
    expect(smsCostLine(e, 'en')).toBe('1,200 parts');
    expect(smsCostLine(estimateSmsCost('Hi', 1), 'en')).toBe('1 part');
    expect(smsCostLine(e, 'ja')).toBe('1,200 通');
    expect(smsCostLine(e, 'zh-CN')).toBe('1,200 条');
    expect(smsCostLine({ ...e, usd: 9.6 }, 'en')).toBe('1,200 parts, about US$9.60');
  });
});
