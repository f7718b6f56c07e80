/** Every language has exactly en's keys and placeholders, every key the sources use exists in en, and each page loads the area texts it uses. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../shared/delivery';
import { ENTITY_LIST } from '../../../shared/entities';
import { REPORT_TEXTS } from '../../../shared/i18n';
import { PERMISSION_GROUPS } from '../../../shared/permissions';
import { MESSAGES } from '../../../shared/validation';
import { MENU_GROUPS, ROUTES } from '../routes';
import en from './locales/en';
import ja from './locales/ja';
import zh from './locales/zh';
import campaignTexts from './areas/campaign.texts';
import { bySide, type SideBySide } from './sideBySide';
import type { Lang } from '../../../shared/i18n/lang';
import { VALIDATION_TEXTS } from '../../../shared/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Texts of screen areas (`areas/<area>.texts.ts`, side by side), added when their pages load: part of each language. */
const AREAS = import.meta.glob<{ default: SideBySide }>('./areas/*.texts.ts', { eager: true });
const areasOf = (lang: string) => Object.entries(AREAS).map(([path, mod]) => [path, { default: bySide(mod.default)[lang as Lang] as Tree }] as const);

/** Merges as i18next's addResourceBundle(…, deep) does; `clashes` collects each key that both trees give a text. */
function merge(into: Tree, add: Tree, clashes: string[], prefix = ''): Tree {
  const out: Tree = { ...into };
  for (const [k, v] of Object.entries(add)) {
    const key = prefix ? `${prefix}.${k}` : k;
    const had = out[k];
    if (had === undefined) out[k] = v;
    else if (typeof had === 'object' && typeof v === 'object') out[k] = merge(had, v, clashes, key);
    else clashes.push(key);
  }
  return out;
}

const withAreas = (lang: string, main: Tree, clashes: string[] = []): Tree => areasOf(lang).reduce<Tree>((all, [, mod]) => merge(all, mod.default, clashes), main);

const EN = flatten(withAreas('en', en as Tree));
const OTHERS = { zh: flatten(withAreas('zh', zh as Tree)), ja: flatten(withAreas('ja', ja as Tree)) };
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|{(\w+)}/g)].map((m) => m[1] ?? m[2]).sort();

function isNamespace(path: string): boolean {
  let node: unknown = withAreas('en', en as Tree);
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'object' && node !== null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    // the text tables hold texts, not keys: their t(en, zh, ja) is ../sideBySide's
    return /\.(ts|tsx)$/.test(name) && !/\.(test\.tsx?|texts\.ts)$/.test(name) ? [path] : [];
  });
}

describe.each(Object.entries(OTHERS))('%s', (lang, keys) => {
  it('has every key of en', () => {
    expect(
      [...EN.keys()].filter((k) => !keys.has(k)),
      `missing in ${lang}`,
    ).toEqual([]);
  });
  it('has no key that en lacks', () => {
    expect(
      [...keys.keys()].filter((k) => !EN.has(k)),
      `only in ${lang}`,
    ).toEqual([]);
  });
  it('keeps en placeholders', () => {
    const differing = [...EN].filter(([k, v]) => keys.has(k) && placeholders(v).join() !== placeholders(keys.get(k)!).join()).map(([k]) => k);
    expect(differing).toEqual([]);
  });
  it('has no empty text', () => {
    expect([...keys].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
  });
});

describe('area texts', () => {
  it('give every text in zh and ja beside its English (an English plural form `_one` alone excepted)', () => {
    const missing = Object.entries(AREAS).flatMap(([path, mod]) => {
      const side = bySide(mod.default);
      const english = [...flatten(side.en as Tree).keys()].filter((key) => !key.endsWith('_one'));
      return (['zh', 'ja'] as const).flatMap((lang) => {
        const other = flatten(side[lang] as Tree);
        return english.filter((key) => !other.has(key)).map((key) => `${path} ${lang}: ${key}`);
      });
    });
    expect(missing).toEqual([]);
  });

  it.each(['en', 'zh', 'ja'])('%s: add keys, never a second text for a key the main bundle or another area has', (lang) => {
    const clashes: string[] = [];
    withAreas(lang, { en, zh, ja }[lang] as Tree, clashes);
    expect(clashes).toEqual([]);
  });
});

describe('keys used by the sources', () => {
  const root = join(import.meta.dirname, '..');
  const files = sourceFiles(root);

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('every t(...) key with a literal name exists in en', () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)) if (!EN.has(m[2])) missing.push(`${relative(root, file)}: ${m[2]}`);
      for (const m of text.matchAll(/\bt\(\s*`([^`$]+)`/g)) if (!EN.has(m[1])) missing.push(`${relative(root, file)}: ${m[1]}`);
      // Built keys such as t(`status.${s}`): the fixed part must name a group of keys.
      for (const m of text.matchAll(/\bt\(\s*`([^`$]*)\$\{(\w*)/g)) {
        // a list screen's own texts key: checked per screen below
        if (m[1] === '' && m[2] === 'texts' && file.endsWith('ListPage.tsx')) continue;
        const prefix = m[1].replace(/\.$/, '');
        if (!isNamespace(prefix)) missing.push(`${relative(root, file)}: ${m[1]}…`);
      }
      // Conditional keys: t(cond ? 'a.b' : 'c.d')
      for (const m of text.matchAll(/\bt\(\s*[\w.?!]+\s*\?\s*'([^']+)'\s*:\s*'([^']+)'/g)) {
        for (const key of [m[1], m[2]]) if (!EN.has(key)) missing.push(`${relative(root, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every list screen's texts key has the texts the list frame reads from it", () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const texts = /<ListPage[^>]*?\stexts="(\w+)"/s.exec(text)?.[1];
      if (!texts) continue;
      const needed = [
        ...(/\sintro=\{/.test(text) ? [] : ['intro']),
        ...(/\semptyText=\{/.test(text) ? [] : ['empty']),
        ...(/\sonDelete=\{/.test(text) ? ['deleteTitle', 'deleteConfirm', 'deleted'] : []),
      ];
      for (const key of needed) if (!EN.has(`${texts}.${key}`)) missing.push(`${relative(root, file)}: ${texts}.${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('every route title, menu group and list column label exists in en', () => {
    const keys = [
      ...ROUTES.map((r) => r.titleKey),
      ...MENU_GROUPS.map((g) => `menu.group.${g}`),
      ...Object.keys(PERMISSION_GROUPS).map((g) => `permissionGroup.${g}`),
      ...['ACTIVE', 'INACTIVE', 'INVITED'].map((s) => `status.${s}`),
      ...ENTITY_LIST.flatMap((e) => (e.listColumns ?? []).map((c) => c.label)),
    ];
    expect(keys.filter((k) => !EN.has(k))).toEqual([]);
  });

  it('the English validation texts are the spec messages', () => {
    expect(en.validation.usernameRequired).toEqual(MESSAGES.usernameRequired);
    expect(en.validation.passwordRequired).toEqual(MESSAGES.passwordRequired);
    expect(en.validation.passwordsInconsistent).toEqual(MESSAGES.passwordsInconsistent);
    expect(en.validation.passwordRule).toEqual(MESSAGES.passwordRule);
    expect(en.validation.emailInvalid).toEqual(MESSAGES.emailInvalid);
    expect(en.validation.inputRequired.replace('{{param}}', '{param}')).toBe(VALIDATION_TEXTS.inputRequired.en);
  });
});

/**
 * A page shows its texts only if it (or a module it imports statically) imports their area before it renders;
 * otherwise the screen shows the raw key. Each lazily loaded page, and the signed-in shell, is checked against the
 * main bundle plus the areas its static imports reach.
 */
describe('every page loads the area texts it uses', () => {
  const root = join(import.meta.dirname, '..');
  /** Area texts by file; the main bundle is loaded before any page. */
  const AREA_EN: Record<string, Tree> = Object.fromEntries(areasOf('en').map(([path, mod]) => [join(root, 'i18n', path), mod.default]));

  function resolveImport(from: string, spec: string): string | undefined {
    const base = join(from, '..', spec);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => existsSync(p) && statSync(p).isFile());
  }

  /** The web sources a module imports statically, itself included (lazy `import()` is not followed). */
  function staticGraph(file: string, into = new Set<string>()): Set<string> {
    if (into.has(file)) return into;
    into.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^import\s+(?!type\s)(?:[^'"]*?\s+from\s+)?'(\.[^']+)';/gm)) {
      const target = resolveImport(file, m[1]);
      if (target && /\.tsx?$/.test(target)) staticGraph(target, into);
    }
    return into;
  }

  function literalKeys(text: string): string[] {
    return [
      ...[...text.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)].map((m) => m[2]),
      ...[...text.matchAll(/\bt\(\s*`([^`$]+)`/g)].map((m) => m[1]),
      ...[...text.matchAll(/\bt\(\s*[\w.?!]+\s*\?\s*'([^']+)'\s*:\s*'([^']+)'/g)].flatMap((m) => [m[1], m[2]]),
    ];
  }

  // the pages' chunks, and the shell's (the router loads it)
  const entries = ['pages/index.ts', 'router/index.tsx'].flatMap((index) =>
    [...readFileSync(join(root, index), 'utf8').matchAll(/(\w+)(?::| =) lazyPage\(\(\) => import\('([^']+)'\)\)/g)].map(
      ([, name, spec]) => [name, resolveImport(join(root, index), spec)!] as const,
    ),
  );

  it('finds the pages and the shell', () => {
    expect(entries.map(([name]) => name)).toEqual(expect.arrayContaining(['login', 'dashboard', 'users', 'entity', 'AppLayout']));
    expect(entries.every(([, file]) => file)).toBe(true);
  });

  it.each(entries)('%s', (_name, file) => {
    const graph = staticGraph(file);
    const texts = [...graph].filter((f) => AREA_EN[f]).reduce<Tree>((all, f) => merge(all, AREA_EN[f], []), en as Tree);
    const known = flatten(texts);
    const missing = [...graph]
      // web sources only: shared/ never calls the portal's t() (its own tables may name a helper t)
      .filter((f) => !f.startsWith(join(root, 'i18n')) && !relative(root, f).startsWith('..'))
      .flatMap((f) =>
        literalKeys(readFileSync(f, 'utf8'))
          .filter((k) => !known.has(k))
          .map((k) => `${relative(root, f)}: ${k}`),
      );
    expect(missing).toEqual([]);
  });
});

describe('channel names', () => {
  it('are the same in the reports the server writes (Word, CSV) as on the portal’s screens', () => {
    const portal = bySide(campaignTexts);
    for (const lang of ['en', 'zh', 'ja'] as const) {
      for (const channel of CHANNELS) expect(REPORT_TEXTS[channel][lang], `${channel} in ${lang}`).toBe(portal[lang].campaign.channel[channel]);
    }
  });
});
