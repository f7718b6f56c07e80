/**
 * Server texts: every table has en, zh and ja with the same placeholders, and every English message the schemas
 * and handlers write is one the translator knows (so a zh or ja reader never gets it in English).
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
import { fillText, placeholdersOf, SERVER_TEXT_TABLES, type TextTable, translateServerText, translator } from '.';

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
    expect(parityProblems(SERVER_TEXT_TABLES)).toEqual([]);
  });

  it('the parity check fails on a missing or empty zh or ja text', () => {
    const broken = { T: { a: { en: 'Hello {name}.', zh: '你好 {name}。' } as never, b: { en: 'Bye.', zh: '再见。', ja: ' ' } } };
    expect(parityProblems(broken)).toEqual(['T.a: no ja', 'T.b: no ja']);
    expect(parityProblems({ T: { a: { en: 'Hi {name}.', zh: '你好。', ja: 'こんにちは {name}。' } } })).toEqual(['T.a: zh placeholders differ']);
  });
});

describe('translator', () => {
  const translate = translator([
    {
      a: { en: "The field '{param}' is required.", zh: '字段“{param}”为必填项。', ja: '項目「{param}」は必須です。' },
      b: { en: 'The value must be a number.', zh: '值必须是数字。', ja: '値は数値にしてください。' },
    },
  ]);

  it('translates each sentence of a text and keeps what it does not know', () => {
    const text = "payload.rows.3: The field 'id' is required. price: The value must be a number.";
    expect(translate(text, 'ja')).toBe('payload.rows.3: 項目「id」は必須です。 price: 値は数値にしてください。');
    expect(translate(text, 'zh')).toBe('payload.rows.3: 字段“id”为必填项。 price: 值必须是数字。');
    expect(translate(text, 'en')).toBe(text);
    expect(translate('Something else.', 'ja')).toBe('Something else.');
  });

  it("puts a sentence's field name in the reader's language too, when it knows the name", () => {
    expect(translateServerText('Please input the title!', 'ja')).toBe('タイトルを入力してください！');
    expect(translateServerText('payload.fileName: Please input the file name!', 'zh')).toBe('payload.fileName: 请输入文件名！');
    expect(translateServerText('The subject may be at most 200 characters.', 'ja')).toBe('件名は 200 文字以内にしてください。');
    // a name no table knows (a column of the file) stays as written; other values are never looked up
    expect(translateServerText("The field 'customer_id' is required.", 'ja')).toBe('項目「customer_id」は必須です。');
    expect(translateServerText('Unknown column(s) for this export: name.', 'ja')).toBe('このエクスポートにない列です：name。');
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

describe('the English messages of the schemas and the import', () => {
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
  it.each(english)('%s is known in zh and ja', (_key, text) => {
    for (const lang of ['zh', 'ja'] as const) expect(translateServerText(text, lang), lang).not.toBe(text);
  });

  it.each(['encoding', 'fieldTooLong', 'tooManyColumns'] as const)('a CSV error (%s) is known in zh and ja', (reason) => {
    const text = new CsvError(reason, 7, 'Shift_JIS').message;
    expect(translateServerText(text, 'ja')).toMatch(/^7 行目/);
    expect(translateServerText(text, 'zh')).toMatch(/^第 7 行/);
  });
});

/**
 * English texts written in place (a field message in a schema, a detail of a catalogue error): each must be one
 * the translator knows. Texts only a developer reads are listed in NOT_SHOWN with why.
 */
describe('English texts written in the code', () => {
  const root = join(import.meta.dirname, '..', '..');
  const NOT_SHOWN = new Set([
    'APP_UNINSTALLED', // a push provider's code, not a sentence
    'USER_NOT_MATCHED',
    'not implemented',
    'x',
  ]);
  /** Folders whose texts reach a person through the portal or a page; functions/sdk and local tools speak to developers. */
  const FOLDERS = ['shared', 'functions/api', 'functions/services', 'functions/tracking'];
  const walk = (dir: string): string[] => {
    const path = join(root, dir);
    if (statSync(path).isDirectory()) return readdirSync(path).flatMap((n) => walk(join(dir, n)));
    return /\.ts$/.test(dir) && !/\.test\.ts$/.test(dir) && !dir.startsWith(join('shared', 'i18n')) ? [dir] : [];
  };
  const files = FOLDERS.flatMap(walk);
  const WRITTEN =
    /(?:\bmessage: |\berror: |AppError\('\d+', |badField\([^,()]+, |\brefuse\(|\bbad\([^,()]+, |DeliveryFailure\(|\btaken: |\.(?:min|max|length|regex|refine)\([^,()]+, )('(?:[^'\\]|\\.)*'|`[^`]*`|"(?:[^"\\]|\\.)*")/g;

  const found = files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(WRITTEN)].map((m) => {
      const literal = m[1]!;
      // a template's values become sample words; a text of values alone has nothing to translate
      const text = literal
        .slice(1, -1)
        .replace(/\\(['"\\])/g, '$1')
        .replace(/\$\{[^}]*\}/g, 'sample');
      return [relative(root, join(root, file)), text] as const;
    }),
  );
  const texts = found.filter(([, text]) => /[A-Za-z]{3}.*\s/.test(text.replace(/sample|payload\./g, '')) && !NOT_SHOWN.has(text));

  it('finds the texts', () => {
    expect(texts.length).toBeGreaterThan(100);
  });

  it('knows each in zh and ja', () => {
    const unknown = texts.filter(([, text]) => translateServerText(text, 'ja') === text || translateServerText(text, 'zh') === text).map(([file, text]) => `${file}: ${text}`);
    expect(unknown).toEqual([]);
  });
});
