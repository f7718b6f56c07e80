/**
 * Server texts: every table has en, zh and ja with the same placeholders, every text the code writes names one
 * by key, and no English sentence is written in the code where a person would read it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../entities/account';
import { CLOUD_MESSAGES } from '../entities/cloudSource';
import { PRESET_MESSAGES } from '../entities/presetParameter';
import { LANGS } from '../errors';
import { EXPORT_MESSAGES } from '../export/csv';
import { CsvError } from '../import/csv';
import { DEVICE_IMPORT_MESSAGES } from '../import/deviceImport';
import { IMPORT_MESSAGES } from '../import/accountImport';
import { RENDER_MESSAGES } from '../render/fields';
import { STATIC_LIST_MESSAGES } from '../segment/members';
import { RULE_MESSAGES } from '../segment/rule';
import { UPLOAD_MESSAGES } from '../uploads';
import { MESSAGES } from '../validation';
import { entryOf, fillText, placeholdersOf, SAID_TEXTS, say, type TextKey, type TextTable, textsIn, textsInJson } from '.';

/** Names written alike in every language (the portal says SMS and LINE in ja and zh too). */
const NAMES: ReadonlySet<string> = new Set(['SMS', 'LINE']);

/** What is wrong with tables: a language missing or empty, placeholders that differ, a text left in English. */
function parityProblems(tables: Readonly<Record<string, TextTable>>): string[] {
  const problems: string[] = [];
  for (const [name, table] of Object.entries(tables)) {
    for (const [key, entry] of Object.entries(table)) {
      const at = `${name}.${key}`;
      for (const lang of LANGS) {
        const text = (entry as Partial<Record<string, string>>)[lang];
        if (typeof text !== 'string' || !text.trim()) problems.push(`${at}: no ${lang}`);
        else if (placeholdersOf(text).join() !== placeholdersOf(entry.en).join()) problems.push(`${at}: ${lang} placeholders differ`);
      }
      if ((entry.zh === entry.en || entry.ja === entry.en) && !NAMES.has(entry.en)) problems.push(`${at}: not translated`);
    }
  }
  return problems;
}

describe('server text tables', () => {
  it('every entry has en, zh and ja with the same placeholders', () => {
    expect(parityProblems(SAID_TEXTS)).toEqual([]);
  });

  it('the parity check fails on a missing or empty zh or ja text', () => {
    const broken = { T: { a: { en: 'Hello {name}.', zh: '你好 {name}。' } as never, b: { en: 'Bye.', zh: '再见。', ja: ' ' } } };
    expect(parityProblems(broken)).toEqual(['T.a: no ja', 'T.b: no ja']);
    expect(parityProblems({ T: { a: { en: 'Hi {name}.', zh: '你好。', ja: 'こんにちは {name}。' } } })).toEqual(['T.a: zh placeholders differ']);
  });
});

describe('texts by key', () => {
  it('puts a text and its values in each language, a field name by its own key', () => {
    const text = say('validation.inputRequired', { param: say('field.title') });
    expect(textsIn(text, 'en')).toBe('Please input the title!');
    expect(textsIn(text, 'ja')).toBe('タイトルを入力してください！');
    expect(textsIn(text, 'zh')).toBe('请输入标题！');
    expect(textsIn(`payload.title: ${text}`, 'ja')).toBe('payload.title: タイトルを入力してください！');
    // a value that is not a key (a column of the reader's file) stays as written
    expect(textsIn(say('validation.fieldRequired', { param: 'customer_id' }), 'ja')).toBe('項目「customer_id」は必須です。');
  });

  it('reads values that hold the marks, quotes or another text, and leaves other text alone', () => {
    const odd = 'a "b" \u27e6 \u27e7 \u2028 c';
    const text = say('import.keyTooLong', { max: 64 });
    expect(textsIn(say('validation.fieldRequired', { param: odd }), 'en')).toBe(`The field '${odd}' is required.`);
    expect(textsIn(`Row 7: ${text} ${text}`, 'ja')).toBe(
      `Row 7: ${fillText(SAID_TEXTS.import.keyTooLong.ja, { max: 64 })} ${fillText(SAID_TEXTS.import.keyTooLong.ja, { max: 64 })}`,
    );
    expect(textsIn('Something else.', 'ja')).toBe('Something else.');
  });

  it('does the same inside JSON as it is sent, escaping what it puts in', () => {
    const body = { list: [{ reason: say('validation.fieldRequired', { param: 'say "hi"' }) }], n: 1 };
    const json = textsInJson(JSON.stringify(body), 'zh');
    expect(JSON.parse(json)).toEqual({ list: [{ reason: '字段“say "hi"”为必填项。' }], n: 1 });
    expect(textsInJson('{"a":"plain"}', 'ja')).toBe('{"a":"plain"}');
  });

  it('shows a key the tables no longer hold rather than nothing', () => {
    expect(textsIn(say('gone.text' as TextKey), 'ja')).toBe('gone.text');
    expect(entryOf('validation.nope')).toBeUndefined();
    expect(entryOf('validation.toString')).toBeUndefined();
  });
});

/** Sample values for the message functions: a field name and numbers. */
const sample = (fn: (...a: never[]) => string) => (fn as (...a: unknown[]) => string)('name', 10, 20);

const MESSAGE_CONSTANTS: Record<string, Record<string, unknown>> = {
  MESSAGES,
  RENDER_MESSAGES,
  IMPORT_MESSAGES,
  DEVICE_IMPORT_MESSAGES,
  ACCOUNT_MESSAGES,
  CLOUD_MESSAGES,
  RULE_MESSAGES,
  UPLOAD_MESSAGES,
  STATIC_LIST_MESSAGES,
  EXPORT_MESSAGES,
  PRESET_MESSAGES: { ...PRESET_MESSAGES, primaryKeyMissing: PRESET_MESSAGES.primaryKeyMissing('id', ['a', 'b']) },
};

describe('the messages of the schemas and the import', () => {
  const english = Object.entries(MESSAGE_CONSTANTS).flatMap(([name, messages]) =>
    Object.entries(messages).map(
      ([key, m]) =>
        [
          `${name}.${key}`,
          typeof m === 'function'
            ? sample(m as never)
            : fillText(String(m), { param: 'name', id: 'A1', count: 3, expected: 4, max: 9, target: 'email', name: 'shop', field: 'age', operator: 'gt' }),
        ] as const,
    ),
  );
  it.each(english)('%s names a text by key, known in every language', (_key, text) => {
    expect(text).toMatch(/^\u27e6[\w.]+/);
    for (const lang of ['en', 'zh', 'ja'] as const) expect(textsIn(text, lang), lang).not.toMatch(/[\u27e6\u27e7]/);
    expect(textsIn(text, 'ja')).not.toBe(textsIn(text, 'en'));
  });

  it.each(['encoding', 'fieldTooLong', 'tooManyColumns'] as const)('a CSV error (%s) is known in zh and ja', (reason) => {
    const text = new CsvError(reason, 7, 'Shift_JIS').message;
    expect(textsIn(text, 'ja')).toMatch(/^7 行目/);
    expect(textsIn(text, 'zh')).toMatch(/^第 7 行/);
  });
});

/**
 * English sentences written in place (a field message in a schema, a detail of a catalogue error) are what a
 * zh or ja reader would get in English: the code names every text by key instead. Texts only a developer reads
 * are listed in NOT_SHOWN with why.
 */
const NOT_SHOWN = new Set([
  'APP_UNINSTALLED', // a push provider's code, not a sentence
  'USER_NOT_MATCHED',
  'Message Generate success', // the AI composer's answer value (spec 001 section 8); the portal shows its own text
  'not implemented',
  'x',
]);
const WRITTEN =
  /(?:\bmessage: |\berror: |AppError\('\d+', |badField\([^,()]+, |\brefuse\(|\bbad\([^,()]+, |DeliveryFailure\(|\btaken: |\.(?:min|max|length|regex|refine|int|positive|nonnegative)\([^,()]*, |\breason: )('(?:[^'\\]|\\.)*'|`[^`]*`|"(?:[^"\\]|\\.)*")/g;

/** A sentence kept in a constant, thrown or put in a schema by its name elsewhere. */
const KEPT = /\bconst [A-Z][A-Z0-9_]* = ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g;
const SENTENCE = /^[A-Z][a-z]*(?: [\w'’,:-]+)+[.!?]?$/;

/** The English sentences a source writes where a person reads them. */
function englishTexts(source: string): string[] {
  const kept = [...source.matchAll(KEPT)].map((m) => m[1]!.slice(1, -1).replace(/\\(['"\\])/g, '$1')).filter((text) => SENTENCE.test(text));
  return [...source.matchAll(WRITTEN)]
    .map((m) =>
      m[1]!
        .slice(1, -1)
        .replace(/\\(['"\\])/g, '$1')
        .replace(/\$\{[^}]*\}/g, 'sample'),
    )
    .filter((text) => /[A-Za-z]{3}.*\s/.test(text.replace(/sample|payload(\.\w+)+: /g, '')))
    .concat(kept)
    .filter((text) => !NOT_SHOWN.has(text));
}

describe('texts written in the code', () => {
  const root = join(import.meta.dirname, '..', '..');
  /** Folders whose texts reach a person through the portal, a page, a mail or a report. */
  const FOLDERS = ['shared', 'functions/api', 'functions/contract', 'functions/services', 'functions/tracking', 'functions/channels', 'functions/delivery', 'functions/domain'];
  const walk = (dir: string): string[] => {
    const path = join(root, dir);
    if (statSync(path).isDirectory()) return readdirSync(path).flatMap((n) => walk(join(dir, n)));
    return /\.ts$/.test(dir) && !/\.test\.ts$/.test(dir) && !dir.startsWith(join('shared', 'i18n')) && !/standIn/.test(dir) ? [dir] : [];
  };
  const files = FOLDERS.flatMap(walk);

  it('a new or reworded sentence written in English fails here', () => {
    expect(englishTexts("z.string().min(1, 'Please input the titel!')")).toEqual(['Please input the titel!']);
    expect(englishTexts("throw new AppError('400016', `The ${field} may be at most 10 characters.`)")).toEqual(['The sample may be at most 10 characters.']);
    expect(englishTexts("z.string().min(1, say('validation.inputRequired', { param: say('field.title') }))")).toEqual([]);
    // a sentence kept in a constant and thrown by name elsewhere
    expect(englishTexts("export const SHARED = 'Only its owner can change it.';")).toEqual(['Only its owner can change it.']);
  });

  it('names every text by key', () => {
    expect(files.length).toBeGreaterThan(100);
    const english = files.flatMap((file) => englishTexts(readFileSync(join(root, file), 'utf8')).map((text) => `${relative(root, join(root, file))}: ${text}`));
    expect(english).toEqual([]);
  });

  it("no string in the code is a table's English form", () => {
    const forms = new Set(
      Object.values(SAID_TEXTS)
        .flatMap((t) => Object.values(t as TextTable))
        .map((e) => e.en)
        .filter((en) => /[A-Za-z]{3}.*\s.*[A-Za-z]{3}/.test(en)),
    );
    // comments may quote a text; code may not write one
    const code = (file: string) =>
      readFileSync(join(root, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|\s)\/\/.*$/gm, '$1');
    const literals = files.flatMap((file) =>
      [...code(file).matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)]
        .map((m) => (m[1] ?? m[2])!.replace(/\\(['"\\])/g, '$1'))
        .filter((text) => forms.has(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(literals).toEqual([]);
  });
});
