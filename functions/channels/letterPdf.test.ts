import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    const letters = (from: number, count: number) => Array.from({ length: count }, (_, i) => letter(from + i));
    const pdfs = await Promise.all([renderLettersPdf(letters(1, 12), 'a'), renderLettersPdf(letters(13, 12), 'b')]);
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

/**
 * What a print vendor's prepress sees: each letter's text extracted back (pdftotext), its embedded font named
 * (pdffonts), and page 1 rasterised by poppler (pdftoppm, FreeType, as PDFium draws embedded TrueType) and read
 * back by an OCR engine (tesseract with Debian's jpn and chi_sim data). A glyph drawn blank is not read.
 */
describe('a letter as a renderer draws it', () => {
  const TOOLS = 'The letter checks need poppler-utils and tesseract (apt-get install -y poppler-utils tesseract-ocr tesseract-ocr-jpn tesseract-ocr-chi-sim).';
  const dir = mkdtempSync(join(tmpdir(), 'herald-letter-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (command: string, args: string[]) => {
    try {
      // tesseract's OpenMP threads spin: one thread reads a page in half the CPU time, and sooner on a busy machine
      return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') throw new Error(TOOLS);
      throw e;
    }
  };

  const LETTERS: Record<string, { layout: LetterLayout; font: RegExp; ocr: string }> = {
    ja: {
      layout: {
        language: 'ja',
        sender: ['株式会社ヘラルド', '東京都千代田区丸の内1-1-1'],
        recipient: ['〒150-0001', '東京都渋谷区神宮前1-2-3', '山田 太郎 様'],
        date: '2026年11月29日',
        subject: '年末のご招待',
        paragraphs: ['拝啓 平素は格別のご高配を賜り、厚く御礼申し上げます。'],
        closing: ['敬具'],
      },
      font: /NotoSansJP/,
      ocr: 'jpn',
    },
    zh: {
      layout: {
        language: 'zh',
        sender: ['赫勒尔德有限公司', '上海市黄浦区南京东路1号'],
        recipient: ['上海市浦东新区世纪大道100号', '王小明 先生'],
        date: '2026年11月29日',
        subject: '年终答谢会邀请函',
        paragraphs: ['尊敬的客户，诚挚邀请您参加我们的年终答谢会。'],
        closing: ['此致敬礼'],
      },
      font: /NotoSansSC/,
      ocr: 'chi_sim',
    },
    // the same font again after zh, with characters zh did not draw: each font's subset base grows (letterPdf.ts)
    'zh-Hans-CN': {
      layout: {
        language: 'zh',
        sender: ['赫勒尔德有限公司', '北京市朝阳区建国路88号'],
        recipient: ['广州市天河区体育西路5号', '李华 女士'],
        date: '2026年12月1日',
        subject: '新春优惠活动通知',
        paragraphs: ['亲爱的会员，新春期间全场商品享受八折优惠。'],
        closing: ['顺颂商祺'],
      },
      font: /NotoSansSC/,
      ocr: 'chi_sim',
    },
    en: {
      layout: {
        language: 'en',
        sender: ['Herald Ltd', '1 Main Street, Springfield'],
        recipient: ['Jane Doe', '2 Elm Street', 'Shelbyville 12345'],
        date: 'November 29, 2026',
        subject: 'Your year-end invitation',
        paragraphs: ['Dear customer, we invite you to our year-end party.'],
        closing: ['Kind regards'],
      },
      font: /NotoSansSC/,
      ocr: 'eng',
    },
    // Latin again, another name and number: drawn with the font en's letter made (letterPdf.ts, readyFont)
    'en-US': {
      layout: {
        language: 'en-US',
        sender: ['Herald Ltd', '1 Main Street, Springfield'],
        recipient: ['Quincy Xavier', '987 Oak Avenue', 'Capital City 67890'],
        date: 'December 1, 2026',
        subject: 'Your year-end invitation, Quincy',
        paragraphs: ['Dear Quincy, we invite you to our year-end party.'],
        closing: ['Kind regards'],
      },
      font: /NotoSansSC/,
      ocr: 'eng',
    },
  };

  it.each(Object.keys(LETTERS))('in %s: every character extracted, its font named, and page 1 read back by OCR', async (language) => {
    const { layout, font, ocr } = LETTERS[language]!;
    const file = join(dir, `${language}.pdf`);
    writeFileSync(file, await renderLettersPdf([layout], layout.subject));
    const lines = [...layout.sender, ...layout.recipient, layout.date, layout.subject, ...layout.paragraphs, ...layout.closing];
    const squeeze = (text: string) => text.replace(/\s+/g, '');

    const extracted = squeeze(run('pdftotext', ['-layout', file, '-']));
    for (const line of lines) expect(extracted).toContain(squeeze(line));

    const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(font);
    expect(fonts[0]).toMatch(/CID TrueType\s+Identity-H\s+yes/);

    run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', file, join(dir, language)]);
    const read = squeeze(run('tesseract', [join(dir, `${language}.png`), '-', '-l', ocr]));
    // OCR misreads a character now and then (诚挚 as 诚执); a blank glyph is never read, so nearly all must be
    const drawn = new Set(squeeze(lines.join('')));
    const seen = [...drawn].filter((ch) => read.includes(ch));
    expect(seen.length / drawn.size, `read back: ${read}`).toBeGreaterThanOrEqual(0.9);
    // and the words, not only the characters: the subject as a whole
    expect(read).toContain(squeeze(layout.subject));
  });
});
