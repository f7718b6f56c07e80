/**
 * Letters to PDF (direct mail, spec 001 3.1): an A4 page per letter with the sender's details at the top, the
 * recipient's address where a window envelope shows it (DIN 5008 position), the date, the subject, the body and
 * the closing, drawn from the same layout the portal previews (shared/content/letter.ts). One embedded font,
 * Noto Sans SC, covers Latin, Chinese and Japanese (kana included); it is subset into each file, so a letter
 * stays small. Characters it lacks (emoji) print as "?" instead of failing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LetterLayout } from '../../shared/content';

const FONT_FILE = 'NotoSansSC_400Regular.ttf';
const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = { left: 70.87, right: 56.69, top: 56.69, bottom: 56.69 } as const;
const SIZE = { sender: 9, body: 11, subject: 13 } as const;
const LEADING = 1.45;

let fontBytes: Buffer | undefined;
/** the font as fontkit parsed it: parsing the CJK font is most of a letter's cost, so it is done once per thread */
let parsedFont: Promise<unknown> | undefined;
let characterSet: Set<number> | undefined;

/** The font: beside the bundle on Lambda (copied there at bundling, infra/apiStack.ts), else from the package. */
export function letterFontPath(): string {
  if (process.env.HERALD_LETTER_FONT) return process.env.HERALD_LETTER_FONT;
  const beside = join(dirname(fileURLToPath(import.meta.url)), 'fonts', FONT_FILE);
  if (existsSync(beside)) return beside;
  return createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-sc/400Regular/${FONT_FILE}`);
}

const WIDE = '\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F\uAC00-\uD7AF';
/** a wide (CJK) character, a run of other non-space characters, or a run of spaces: the places a line may break */
const TOKENS = new RegExp(`[${WIDE}]|[^\\s${WIDE}]+|\\s+`, 'gu');

interface Measure {
  width(text: string): number;
}

/** Greedy line filling: words stay whole where they fit, CJK breaks between any two characters. */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const out: string[] = [];
  let line = '';
  const push = () => {
    out.push(line.trimEnd());
    line = '';
  };
  for (const token of text.match(TOKENS) ?? []) {
    if (/^\s+$/.test(token)) {
      if (line) line += ' ';
      continue;
    }
    if (measure.width(line + token) <= maxWidth) {
      line += token;
      continue;
    }
    if (line.trim()) push();
    if (measure.width(token) <= maxWidth) {
      line = token;
      continue;
    }
    // a word wider than the line: break it between characters
    for (const ch of token) {
      if (line && measure.width(line + ch) > maxWidth) push();
      line += ch;
    }
  }
  if (line.trim() || out.length === 0) push();
  return out;
}

/**
 * The letters as one PDF, a page (or more, for a long body) per letter, drawn on the calling thread: seconds of CPU
 * for the font alone, so only the worker calls it (renderLettersPdf in letterPdfWorker.ts).
 */
export async function drawLettersPdf(letters: readonly LetterLayout[], title = 'Letter'): Promise<Uint8Array> {
  return (await drawLetters(letters, title)).pdf;
}

/** The letters as one PDF and its page count. */
export async function drawLetters(letters: readonly LetterLayout[], title = 'Letter'): Promise<{ pdf: Uint8Array; pages: number }> {
  const [{ PDFDocument, rgb }, fontkitModule] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const fontkit = ((fontkitModule as unknown as { default?: unknown }).default ?? fontkitModule) as { create(data: Uint8Array): Promise<unknown> };
  const doc = await PDFDocument.create();
  // pdf-lib asks fontkit to parse the font for every document; the letter font is always the same bytes
  const once = { create: (data: Uint8Array) => (data === fontBytes ? (parsedFont ??= Promise.resolve(fontkit.create(data))) : fontkit.create(data)) };
  doc.registerFontkit(once as unknown as Parameters<typeof doc.registerFontkit>[0]);
  doc.setTitle(title);
  doc.setProducer('Herald');
  fontBytes ??= readFileSync(letterFontPath());
  const font = await doc.embedFont(fontBytes, { subset: true });
  // the same font every time: its character set (tens of thousands of code points) is read once per thread
  const known = (characterSet ??= new Set(font.getCharacterSet()));
  const printable = (text: string) => Array.from(text, (ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
  const maxWidth = A4.width - MARGIN.left - MARGIN.right;
  const grey = rgb(0.35, 0.35, 0.35);
  const black = rgb(0.1, 0.1, 0.1);

  for (const letter of letters) {
    let page = doc.addPage([A4.width, A4.height]);
    let y = A4.height - MARGIN.top;
    const draw = (text: string, size: number, color = black, x: number = MARGIN.left) => {
      page.drawText(printable(text), { x, y, size, font, color });
    };
    const paragraph = (text: string, size: number, color = black) => {
      const measure = { width: (t: string) => font.widthOfTextAtSize(printable(t), size) };
      for (const line of wrapText(text, maxWidth, measure)) {
        if (y < MARGIN.bottom + size) {
          page = doc.addPage([A4.width, A4.height]);
          y = A4.height - MARGIN.top;
        }
        draw(line, size, color);
        y -= size * LEADING;
      }
    };

    for (const line of letter.sender) paragraph(line, SIZE.sender, grey);
    // the address window of a DL envelope: 45 mm from the top
    y = Math.min(y - SIZE.body, A4.height - 127.56);
    for (const line of letter.recipient) paragraph(line, SIZE.body);
    y = Math.min(y - SIZE.body * 2, A4.height - 270);
    const dateWidth = font.widthOfTextAtSize(printable(letter.date), SIZE.body);
    draw(letter.date, SIZE.body, black, A4.width - MARGIN.right - dateWidth);
    y -= SIZE.body * LEADING * 2;
    paragraph(letter.subject, SIZE.subject);
    y -= SIZE.body;
    for (const text of letter.paragraphs) {
      for (const line of text.split(/\r?\n/)) paragraph(line, SIZE.body);
      y -= SIZE.body * 0.8;
    }
    y -= SIZE.body;
    for (const line of letter.closing) paragraph(line, SIZE.body);
  }
  return { pdf: await doc.save(), pages: doc.getPageCount() };
}

/**
 * PDFs one after another in one file (a run's letters for the print provider), with each one's page count in
 * order. Each letter keeps its own font subset, so the file is the sum of the letters.
 */
export async function mergePdfs(pdfs: readonly Uint8Array[], title: string): Promise<{ pdf: Uint8Array; pages: number[] }> {
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  merged.setTitle(title);
  merged.setProducer('Herald');
  const pages: number[] = [];
  for (const bytes of pdfs) {
    const one = await PDFDocument.load(bytes);
    const copied = await merged.copyPages(one, one.getPageIndices());
    for (const page of copied) merged.addPage(page);
    pages.push(copied.length);
  }
  return { pdf: await merged.save(), pages };
}
