/**
 * Small files with one purpose: no source file (functions, shared, web/src, infra; test files aside) is over
 * 400 lines unless the first comment block of the file gives the reason on a line that starts `Over 400 lines:`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SOURCE_DIRS = ['functions', 'shared', 'web/src', 'infra'];
const MAX_LINES = 400;
const REASON = /^Over 400 lines:\s*\S/;

/** Lines as `wc -l` counts them: a last line without its newline counts too. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The text lines of the file's first comment block (a `/* … *\/` block or a run of `//` lines), before any code. */
function firstCommentBlock(text: string): string[] {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && (lines[i]!.trim() === '' || lines[i]!.startsWith('#!'))) i++;
  const first = lines[i]?.trim() ?? '';
  if (first.startsWith('//')) {
    const out: string[] = [];
    for (; i < lines.length && lines[i]!.trim().startsWith('//'); i++) out.push(lines[i]!.trim().replace(/^\/\/\s?/, ''));
    return out;
  }
  if (!first.startsWith('/*')) return [];
  const out: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    out.push(
      line
        .replace(/^\/\*+\s?/, '')
        .replace(/\*+\/$/, '')
        .replace(/^\*\s?/, '')
        .trim(),
    );
    if (line.endsWith('*/')) break;
  }
  return out;
}

/** Why a long file is long, when its header says so. */
const sizeReason = (text: string) => firstCommentBlock(text).find((line) => REASON.test(line));

/** Files over the limit that give no reason, as `path (lines)`. */
function oversized(files: Iterable<[path: string, text: string]>): string[] {
  const out: string[] = [];
  for (const [path, text] of files) {
    const lines = lineCount(text);
    if (lines > MAX_LINES && !sizeReason(text)) out.push(`${path} (${lines})`);
  }
  return out;
}

function* sourceFiles(): Generator<[string, string]> {
  for (const dir of SOURCE_DIRS) {
    for (const name of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (name.split('/').includes('node_modules') || !/\.(ts|tsx)$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
      const path = `${dir}/${name}`;
      yield [path, readFileSync(join(ROOT, path), 'utf8')];
    }
  }
}

describe('file sizes', () => {
  const code = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join('\n');

  it('refuses a file over the limit without a reason, and counts lines as wc -l does', () => {
    expect(oversized([['a.ts', `${code(MAX_LINES)}\n`]])).toEqual([]);
    expect(oversized([['b.ts', code(MAX_LINES)]])).toEqual([]);
    expect(oversized([['c.ts', `${code(MAX_LINES + 1)}\n`]])).toEqual([`c.ts (${MAX_LINES + 1})`]);
    expect(oversized([['d.ts', `/** A table of things. */\n${code(MAX_LINES)}\n`]])).toEqual([`d.ts (${MAX_LINES + 1})`]);
  });

  it('accepts the reason only in the first comment block, and only with a reason', () => {
    const header = (block: string) => `${block}\n${code(MAX_LINES)}\n`;
    expect(sizeReason(header('/**\n * The codes.\n *\n * Over 400 lines: the catalogue reads as one table.\n */'))).toBe('Over 400 lines: the catalogue reads as one table.');
    expect(sizeReason(header('/** Over 400 lines: one table. */'))).toBe('Over 400 lines: one table.');
    expect(sizeReason(header('// The codes.\n// Over 400 lines: one table.'))).toBe('Over 400 lines: one table.');
    expect(sizeReason(header('/**\n * Over 400 lines:\n */'))).toBeUndefined();
    expect(sizeReason(header('/**\n * Not over 400 lines: said in passing.\n */'))).toBeUndefined();
    expect(sizeReason(`/** The codes. */\nimport x from './x';\n/** Over 400 lines: too late. */\n${code(MAX_LINES)}`)).toBeUndefined();
    expect(sizeReason(`${code(2)}\n/** Over 400 lines: after code. */\n${code(MAX_LINES)}`)).toBeUndefined();
  });

  it('holds for every source file', () => {
    const files = [...sourceFiles()];
    expect(files.length).toBeGreaterThan(200);
    expect(files.map(([path]) => path)).toEqual(expect.arrayContaining(['functions/api/router.ts', 'web/src/pages/campaign/BuilderPage.tsx', 'infra/apiStack.ts']));
    expect(oversized(files)).toEqual([]);
  });
});
