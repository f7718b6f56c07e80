import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { LetterLayout } from '../../shared/content';
import { wrapText } from './letterPdf';
import { renderLettersPdf, stopLetterWorker } from './letterPdfWorker';

const mono = { width: (t: string) => [...t].length };

it('keeps words whole and breaks CJK between characters', () => {
  expect(wrapText('the quick brown fox jumps', 10, mono)).toEqual(['the quick', 'brown fox', 'jumps']);
  expect(wrapText('いつもご利用いただきありがとうございます', 8, mono)).toEqual(['いつもご利用いた', 'だきありがとうご', 'ざいます']);
  expect(wrapText('Acme株式会社のご案内', 6, mono)).toEqual(['Acme株式', '会社のご案内']);
  expect(wrapText('supercalifragilistic', 8, mono)).toEqual(['supercal', 'ifragili', 'stic']);
  expect(wrapText('', 8, mono)).toEqual(['']);
});

describe('renderLettersPdf', () => {
  afterAll(() => stopLetterWorker());

  const letter = (n: number): LetterLayout => ({
    sender: ['Acme 株式会社', '1-2-3 Chiyoda, Tokyo'],
    recipient: ['山田 太郎 様', '4-5-6 Minato, Tokyo'],
    date: '2026-11-25',
    subject: `春のご案内 ${n}`,
    paragraphs: [Array.from({ length: 40 }, () => 'いつもご利用いただきありがとうございます。The quick brown fox jumps over the lazy dog.').join(' ')],
    closing: ['敬具'],
  });

  it('draws off the event loop: a 10 ms timer keeps ticking within 200 ms while letters are made', async () => {
    // the worker's start (loading the code) is once per process; the drawing is what each letter costs
    await renderLettersPdf([letter(0)]);
    let last = performance.now();
    let worstGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    // enough letters that drawing them on this thread would stall the timer even on a fast, quiet machine
    const pdfs = await Promise.all([renderLettersPdf([letter(1), letter(2), letter(3), letter(4)], 'a'), renderLettersPdf([letter(5), letter(6), letter(7)], 'b')]);
    const took = performance.now() - started;
    clearInterval(ticker);
    for (const pdf of pdfs) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdfs[0]!);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getTitle()).toBe('a');
    // the work took long enough that, on this thread, the timer would have stalled
    expect(took).toBeGreaterThan(300);
    expect(worstGap).toBeLessThan(200);
  });

  it('a letter that cannot be drawn rejects, and the worker goes on with the next', async () => {
    await expect(renderLettersPdf([{ ...letter(4), paragraphs: null as unknown as string[] }])).rejects.toThrow(/letter PDF/);
    expect(Buffer.from((await renderLettersPdf([letter(5)])).subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
