/** A column's pattern runs through RE2 (re2js), whose matching time grows linearly with the cell. */
import type { FileColumn } from '../../../shared/entities';
import { say } from '../../../shared/i18n/say';

export const PATTERN_UNSUPPORTED = say('cloudRun.patternUnsupported');

export type CellTest = (cell: string) => boolean;

// re2js (147 KB) loads when a pattern is first compiled, not on every cold start of the router (the Lambda has
// it beside its bundle: infra/lambdaBundling.ts)
let re2js: Promise<typeof import('re2js')> | undefined;

/** The compiled full-cell test of a pattern, or the reason it cannot be compiled. */
export async function compilePattern(regex: string): Promise<CellTest | { problem: string }> {
  const { RE2JS } = await (re2js ??= import('re2js'));
  try {
    const re = RE2JS.compile(regex);
    return (cell) => re.matches(cell);
  } catch {
    return { problem: PATTERN_UNSUPPORTED };
  }
}

export async function patternProblem(columns: readonly Pick<FileColumn, 'regex'>[]): Promise<{ index: number; problem: string } | undefined> {
  for (const [index, c] of columns.entries()) {
    if (!c.regex) continue;
    const compiled = await compilePattern(c.regex);
    if (typeof compiled !== 'function') return { index, problem: compiled.problem };
  }
  return undefined;
}
