/**
 * The docs agree with the code: every file a page of `docs/` names in code marks (`functions/delivery/ledger.ts`,
 * or a bare `counters.ts`) exists in the repository, and every operation it names (`segment.count`) is in the
 * catalogue (or is an SDK event type, as `message.scrolled`, or a field or index of the entity it names, as `plan.templateId`). A renamed file or operation fails here
 * instead of leaving a page that sends a reader to nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../shared/entities';
import { SDK_EVENT_TYPES } from '../shared/sdk/contract';
import { CATALOGUE } from '../shared/services';

const ROOT = join(__dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'cdk.out', '.tmp', 'data', 'coverage']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith('.')) return e.name === '.ci' ? filesUnder(join(dir, e.name)) : [];
    const path = join(dir, e.name);
    return e.isDirectory() ? [path, ...filesUnder(path)] : [path];
  });
}

const repo = filesUnder(ROOT).map((p) => relative(ROOT, p));
const paths = new Set(repo);
const baseNames = new Set(repo.map((p) => p.slice(p.lastIndexOf('/') + 1)));
const docs = repo.filter((p) => p.startsWith('docs/') && p.endsWith('.md'));
const areas = new Set([...CATALOGUE.keys()].map((s) => s.split('.')[0]!));
const TOP = /^(functions|shared|web|infra|bench|tests|docs|scripts|\.ci)\//;

/** What a doc names in code marks: repository paths, bare source file names and `area.operation` names. */
function namesIn(text: string): { files: string[]; operations: string[] } {
  const marks = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  // a command's arguments name files too (`npx tsx bench/channels.ts`)
  const words = marks.flatMap((m) => m.split(/\s+/));
  return {
    files: words.filter((w) => TOP.test(w) || /^[\w.-]+\.(tsx?|md)$/.test(w)).map((w) => w.replace(/[,.;:)]+$/, '')),
    operations: marks.filter((m) => /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(m) && areas.has(m.split('.')[0]!)),
  };
}

const sdkEvents = new Set<string>(SDK_EVENT_TYPES);
const isKnown = (name: string) => CATALOGUE.has(name as never) || sdkEvents.has(name) || isField(name);

function isField(name: string): boolean {
  const [entity, field] = name.split('.') as [string, string];
  const def = (ENTITIES as Record<string, { schema?: { shape?: Record<string, unknown> }; indexes?: readonly { name: string }[] }>)[entity];
  // a field of the entity, or one of its table's indexes (`sentRecord.openClaims`)
  return Boolean((def?.schema?.shape && field in def.schema.shape) || def?.indexes?.some((i) => i.name === field));
}

describe('docs', () => {
  it('are there to check, and name code', () => {
    expect(docs.length).toBeGreaterThan(5);
    const named = docs.map((d) => namesIn(readFileSync(join(ROOT, d), 'utf8')));
    expect(named.flatMap((n) => n.files).length).toBeGreaterThan(50);
    expect(named.flatMap((n) => n.operations).length).toBeGreaterThan(30);
  });

  it.each(docs)('%s names files and operations that exist', (doc) => {
    const { files, operations } = namesIn(readFileSync(join(ROOT, doc), 'utf8'));
    const missingFiles = files.filter((f) => (f.includes('/') ? !paths.has(f.replace(/\/$/, '')) : !baseNames.has(f)));
    const missingOperations = operations.filter((o) => !isKnown(o));
    expect({ missingFiles, missingOperations }).toEqual({ missingFiles: [], missingOperations: [] });
  });

  it('would catch a renamed file or operation', () => {
    const { files, operations } = namesIn('see `functions/delivery/ledgerOld.ts`, `oldCounters.ts` and `segment.countAll`');
    expect(files.filter((f) => !paths.has(f) && !baseNames.has(f))).toEqual(['functions/delivery/ledgerOld.ts', 'oldCounters.ts']);
    expect(operations.filter((o) => !isKnown(o))).toEqual(['segment.countAll']);
  });
});
