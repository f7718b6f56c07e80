/** The mapping step's state and the import plan it makes, checked with the catalogue's schema before sending. */
import type { CsvDelimiter, CsvEncoding } from '../../../../shared/import/csv';
import { type ColumnMapping, guessMappings, type ImportPlan, importPlanSchema, type KEY_CASES } from '../../../../shared/import/accountImport';
import type { CsvHead } from '../../../../shared/import/upload';

export interface ColumnChoice {
  target: 'ignore' | ColumnMapping['target'];
  attribute: string;
  type: ColumnMapping['type'];
}

export interface MappingState {
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
  header: string[];
  sample: string[][];
  choices: ColumnChoice[];
  primaryKeyColumn: number;
  keyCase: (typeof KEY_CASES)[number];
}

export function initialMapping(head: CsvHead, encoding: CsvEncoding = 'UTF-8'): MappingState {
  const guess = guessMappings(head.header);
  const choices: ColumnChoice[] = head.header.map((_, column) => {
    const m = guess.mappings.find((x) => x.column === column);
    return { target: m?.target ?? 'ignore', attribute: m?.attribute ?? '', type: m?.type ?? 'text' };
  });
  return { ...head, encoding, choices, primaryKeyColumn: guess.primaryKeyColumn, keyCase: 'NORMAL' };
}

/** The plan, or the problems to show: per column, and for the key column. */
export function planOf(state: MappingState): { plan: ImportPlan } | { errors: { columns: Record<number, string>; key?: string } } {
  const mappings = state.choices.flatMap((c, column) =>
    c.target === 'ignore' ? [] : [{ column, target: c.target, attribute: c.target === 'attribute' ? c.attribute.trim() : undefined, type: c.type }],
  );
  const parsed = importPlanSchema.safeParse({
    columns: state.header,
    mappings,
    primaryKeyColumn: state.primaryKeyColumn,
    keyCase: state.keyCase,
    splitChar: state.delimiter,
    encoding: state.encoding,
  });
  if (parsed.success) return { plan: parsed.data };
  const columns: Record<number, string> = {};
  let key: string | undefined;
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'mappings' && typeof issue.path[1] === 'number') columns[mappings[issue.path[1]].column] ??= issue.message;
    else key ??= issue.message;
  }
  return { errors: { columns, key } };
}
