/** Letters to PDF (direct mail, spec 001 3.1). */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CustomFontEmbedder, PDFDocument, PDFFont, PDFRef } from 'pdf-lib';
import type { LetterLayout } from '../../shared/content';

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = { left: 70.87, right: 56.69, top: 56.69, bottom: 56.69 } as const;
const SIZE = { sender: 9, body: 11, subject: 13 } as const;
const LEADING = 1.45;

export const LETTER_FONTS = {
  jp: { package: '@expo-google-fonts/noto-sans-jp', file: 'NotoSansJP_400Regular.ttf' },
  sc: { package: '@expo-google-fonts/noto-sans-sc', file: 'NotoSansSC_400Regular.ttf' },
  tc: { package: '@expo-google-fonts/noto-sans-tc', file: 'NotoSansTC_400Regular.ttf' },
} as const;
export type LetterFont = keyof typeof LETTER_FONTS;

const KANA = /[\u3040-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]/u;

/** The font a letter is set in: by its language (ja; zh in traditional script: TW, HK, MO, Hant; other zh). */
export function letterFontFor(letter: LetterLayout): LetterFont {
  const tag = (letter.language ?? '').toLowerCase();
  if (/^ja\b/.test(tag)) return 'jp';
  if (/^zh\b/.test(tag)) return /\b(hant|tw|hk|mo)\b/.test(tag) ? 'tc' : 'sc';
  return KANA.test(textOf(letter)) ? 'jp' : 'sc';
}

/** A font file: beside the bundle on Lambda, else from its package. */
export function letterFontPath(font: LetterFont): string {
  const { package: name, file } = LETTER_FONTS[font];
  const beside = join(dirname(fileURLToPath(import.meta.url)), 'fonts', file);
  if (existsSync(beside)) return beside;
  return createRequire(import.meta.url).resolve(`${name}/400Regular/${file}`);
}

/** Each font's bytes and its character set (tens of thousands of code points), read once per thread. */
const loaded = new Map<LetterFont, Promise<{ bytes: Buffer; known: Set<number> }>>();
function loadFont(font: LetterFont, fontkit: { create(data: Uint8Array): unknown }) {
  let entry = loaded.get(font);
  if (!entry) {
    entry = Promise.resolve().then(() => {
      const bytes = readFileSync(letterFontPath(font));
      // fontkit reads only the character map for this
      const known = new Set((fontkit.create(bytes) as { characterSet: number[] }).characterSet);
      return { bytes, known };
    });
    loaded.set(font, entry);
  }
  return entry;
}

type Subset = typeof import('subset-font').default;
const SUBSET_OPTIONS = { targetFormat: 'truetype' as const, keepFeatures: ['kern'] };
const LATIN = String.fromCodePoint(
  ...[
    [0x20, 0x7e],
    [0xa0, 0x17f],
    [0x2000, 0x206f],
    [0x20a0, 0x20bf],
  ].flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)),
);

/**
 * Cutting a glyph subset from a whole CJK font (10 MB) costs tens of milliseconds a letter, nearly all of it
 * reading the font; cut from a font already cut to the characters this thread has drawn, it costs about one. So
 * each font keeps a base subset (Latin, and every character a letter asked for), grown when a letter needs a
 * character it lacks, and each letter's subset is cut from the base: the same glyphs, outlines and kerning.
 */
const bases = new Map<LetterFont, { chars: Set<string>; font: Promise<Buffer> }>();
async function letterSubset(name: LetterFont, bytes: Buffer, used: ReadonlySet<string>, subsetFont: Subset): Promise<Buffer> {
  let base = bases.get(name);
  const missing = [...used].filter((ch) => !base?.chars.has(ch));
  if (!base || missing.length) {
    const chars = new Set([...(base?.chars ?? LATIN), ...missing]);
    const font = subsetFont(bytes, [...chars].join(''), SUBSET_OPTIONS);
    base = { chars, font };
    bases.set(name, base);
    font.catch(() => bases.get(name) === base && bases.delete(name));
  }
  return subsetFont(await base.font, [...used].join(''), SUBSET_OPTIONS);
}

type PdfLib = typeof import('pdf-lib');
type Fontkit = { create(data: Uint8Array): unknown };
type Glyph = { id: number; advanceWidth: number };
type Metrics = { length: number; get(id: number): { advance: number } | undefined };
type FontEmbedder = CustomFontEmbedder & {
  font: { glyphForCodePoint(cp: number): Glyph; unitsPerEm: number; hmtx: { metrics: Metrics } };
  glyphCache: { access(): Glyph[] };
  computeWidths(): (number | number[])[];
};

/** A font cut to a set of characters and embedded once, in a document of its own, and copied into each letter. */
interface ReadyFont {
  scratch: PDFDocument;
  ref: PDFRef;
  embedder: FontEmbedder;
}

/**
 * Each letter embeds a font cut to the characters it draws. Cutting, parsing and compressing that font is most of
 * a letter's cost, and the letters of one campaign mostly draw the same characters: a Latin letter's set always
 * holds printable ASCII, so it is its template's, and only a letter with characters of its own (a name in kanji)
 * cuts one. So a set's font is made once per thread, and each letter copies its objects (already compressed).
 */
const READY_KEPT = 64;
const ready = new Map<string, Promise<ReadyFont>>();
const LATIN_SET = new Set(LATIN);
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i));

function readyFont(name: LetterFont, bytes: Buffer, used: ReadonlySet<string>, libs: { pdfLib: PdfLib; fontkit: Fontkit; subsetFont: Subset }): Promise<ReadyFont> {
  // a Latin letter's set rounded up to printable ASCII (a few KB): its names and numbers then cut no font of their own
  const latin = [...used].every((ch) => LATIN_SET.has(ch));
  const chars = [...new Set(latin ? [...used, ...ASCII] : used)].sort().join('');
  const key = `${name}\n${chars}`;
  let entry = ready.get(key);
  if (entry) {
    // most recently used last, so the oldest is the one let go
    ready.delete(key);
    ready.set(key, entry);
    return entry;
  }
  entry = (async () => {
    const { PDFDocument, PDFHexString } = libs.pdfLib;
    const subset = await letterSubset(name, bytes, new Set(chars), libs.subsetFont);
    const scratch = await PDFDocument.create();
    scratch.registerFontkit(libs.fontkit as Parameters<typeof scratch.registerFontkit>[0]);
    // zlib compresses the font file a few times faster than pdf-lib's JavaScript deflate, to the same format
    scratch.context.flateStream = (contents, dict = {}) =>
      scratch.context.stream(deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents), { ...dict, Filter: 'FlateDecode' });
    // pdf-lib draws glyphs at their advances, so the layout's kerning positions would be computed for nothing
    const font = await scratch.embedFont(subset, { subset: false, features: { kern: false } });
    const embedder = (font as unknown as { embedder: FontEmbedder }).embedder;
    embedder.computeWidths = () => glyphWidths(embedder);
    await font.embed();
    // the subset keeps no substituting feature (kerning only, which pdf-lib does not apply), so a character's glyph
    // is the character map's and widths add up: no layout needed
    const glyphs = new Map<string, Glyph>();
    const glyphOf = (ch: string) => {
      let g = glyphs.get(ch);
      if (!g) glyphs.set(ch, (g = embedder.font.glyphForCodePoint(ch.codePointAt(0)!)));
      return g;
    };
    const scale = 1000 / embedder.font.unitsPerEm;
    embedder.encodeText = (text: string) => PDFHexString.of(Array.from(text, (ch) => glyphOf(ch).id.toString(16).padStart(4, '0')).join(''));
    embedder.widthOfTextAtSize = (text: string, size: number) => {
      let sum = 0;
      for (const ch of text) sum += glyphOf(ch).advanceWidth * scale;
      return (sum * size) / 1000;
    };
    return { scratch, ref: font.ref, embedder };
  })();
  ready.set(key, entry);
  entry.catch(() => ready.get(key) === entry && ready.delete(key));
  if (ready.size > READY_KEPT) ready.delete(ready.keys().next().value!);
  return entry;
}

/**
 * The font's widths array (W) as pdf-lib writes it, each glyph's advance read from the metrics table: pdf-lib's
 * own reads a glyph's outline for each (vertical metrics it does not write), most of an embedding's time.
 */
function glyphWidths(embedder: FontEmbedder): (number | number[])[] {
  const { metrics } = embedder.font.hmtx;
  const scale = 1000 / embedder.font.unitsPerEm;
  // glyphs past the table's end share its last advance
  const advance = (id: number) => (metrics.get(Math.min(id, metrics.length - 1))?.advance ?? 0) * scale;
  const widths: (number | number[])[] = [];
  let run: number[] = [];
  let previous = Number.NaN;
  for (const { id } of embedder.glyphCache.access()) {
    if (id !== previous + 1) {
      if (run.length) widths.push(run);
      widths.push(id);
      run = [];
    }
    run.push(advance(id));
    previous = id;
  }
  widths.push(run);
  return widths;
}

/** The ready font in a letter's document: its objects copied in, drawn with the ready font's glyph map. */
function fontIn(doc: PDFDocument, font: ReadyFont, pdfLib: PdfLib): PDFFont {
  const ref = pdfLib.PDFObjectCopier.for(font.scratch.context, doc.context).copy(font.ref);
  return pdfLib.PDFFont.of(ref, doc, font.embedder);
}

const textOf = (letter: LetterLayout) => [...letter.sender, ...letter.recipient, letter.date, letter.subject, ...letter.paragraphs, ...letter.closing].join('\n');

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
 * Each page's drawing compressed by zlib, as pdf-lib would with its JavaScript deflate, which sets up its window
 * anew for every stream: a millisecond a letter, more than the drawing.
 */
function deflatePageContents(doc: PDFDocument, { PDFArray, PDFContentStream, PDFRef }: PdfLib): void {
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    for (const ref of contents instanceof PDFArray ? contents.asArray() : [contents]) {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
      if (ref instanceof PDFRef && stream instanceof PDFContentStream) {
        doc.context.assign(ref, doc.context.stream(deflateSync(stream.getUnencodedContents()), { Filter: 'FlateDecode' }));
      }
    }
  }
}

/** pdf-lib, fontkit and the subsetter, imported once per thread: an import, even of a loaded module, is a loader round trip */
let libraries: Promise<{ pdfLib: PdfLib; fontkit: Fontkit; subsetFont: Subset }> | undefined;
async function loadLibraries() {
  const [pdfLib, fontkitModule, { default: subsetFont }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit'), import('subset-font')]);
  return { pdfLib, fontkit: ((fontkitModule as unknown as { default?: unknown }).default ?? fontkitModule) as Fontkit, subsetFont };
}

/** The letters as one PDF, a page (or more, for a long body) per letter, drawn on the calling thread. */
export async function drawLettersPdf(letters: readonly LetterLayout[], title = 'Letter'): Promise<Uint8Array> {
  return (await drawLetters(letters, title)).pdf;
}

export async function drawLetters(letters: readonly LetterLayout[], title = 'Letter'): Promise<{ pdf: Uint8Array; pages: number }> {
  const { pdfLib, fontkit, subsetFont } = await (libraries ??= loadLibraries());
  const { PDFDocument, rgb } = pdfLib;
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Herald');

  // each font the letters need, cut to the characters they draw (and "?", which stands for the ones it lacks)
  const fontOf = letters.map(letterFontFor);
  const embedded = new Map<LetterFont, { font: PDFFont; printable: (text: string) => string }>();
  for (const name of new Set(fontOf)) {
    const { bytes, known } = await loadFont(name, fontkit);
    const printable = (text: string) => Array.from(text, (ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
    const used = new Set(
      printable(
        letters
          .filter((_, i) => fontOf[i] === name)
          .map(textOf)
          .join(''),
      ),
    );
    // kerning only: a glyph another feature swaps in (the "fi" ligature, the digits of Latin text) maps back to no
    // character, so copying or extracting the text lost it
    used.add('?').add(' ');
    const font = fontIn(doc, await readyFont(name, bytes, used, { pdfLib, fontkit, subsetFont }), pdfLib);
    embedded.set(name, { font, printable });
  }
  const maxWidth = A4.width - MARGIN.left - MARGIN.right;
  const grey = rgb(0.35, 0.35, 0.35);
  const black = rgb(0.1, 0.1, 0.1);

  for (const [i, letter] of letters.entries()) {
    const { font, printable } = embedded.get(fontOf[i]!)!;
    // the page's font set once: given to each drawText, pdf-lib adds the font to the page's resources again each time
    const newPage = () => {
      const added = doc.addPage([A4.width, A4.height]);
      added.setFont(font);
      return added;
    };
    let page = newPage();
    let y = A4.height - MARGIN.top;
    const draw = (text: string, size: number, color = black, x: number = MARGIN.left) => {
      page.drawText(printable(text), { x, y, size, color });
    };
    const paragraph = (text: string, size: number, color = black) => {
      // a lookup a character (readyFont): line filling measures a line again with each word
      const measure = { width: (t: string) => font.widthOfTextAtSize(printable(t), size) };
      for (const line of wrapText(text, maxWidth, measure)) {
        if (y < MARGIN.bottom + size) {
          page = newPage();
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
  // without object streams: a deflate less a letter (a tenth of its drawing) for about 1 KB more in each file
  deflatePageContents(doc, pdfLib);
  return { pdf: await doc.save({ useObjectStreams: false }), pages: doc.getPageCount() };
}

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
