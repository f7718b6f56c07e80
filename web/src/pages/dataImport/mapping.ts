/** The mapping step's state and the import plan it makes, checked with the catalogue's schema before sending. */
import type { CsvDelimiter, CsvEncoding } from '../../../../shared/import/csv';
import { type ColumnMapping, CONSENT_FIELDS, type ConsentField, guessMappings, type ImportPlan, importPlanSchema, type KEY_CASES } from '../../../../shared/import/accountImport';
import { devicePlanProblem } from '../../../../shared/import/deviceImport';
import type { CsvHead } from '../../../../shared/import/upload';
import type { Lang } from '../../../../shared/errors';
import { safeParseIn, schemaText } from '../../components/schemaErrors';

export interface ColumnChoice {
  target: 'ignore' | ColumnMapping['target'];
  attribute: string;
  type: ColumnMapping['type'];
}

/** what the rows are: accounts, or devices of existing accounts */
export type FileKind = 'ACCOUNT' | 'DEVICE';

export interface MappingState {
  kind: FileKind;
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
  header: string[];
  sample: string[][];
  choices: ColumnChoice[];
  primaryKeyColumn: number;
  keyCase: (typeof KEY_CASES)[number];
  /** the consent the file grants on channels no column fills; unanswered ones stay "no consent" */
  consent?: Partial<Record<ConsentField, boolean>>;
  consentUpdates?: boolean;
}

/** The consent fields no column of the choices fills: the import asks about these. */
export const unmappedConsents = (choices: readonly ColumnChoice[]): ConsentField[] => CONSENT_FIELDS.filter((f) => !choices.some((c) => c.target === f));

export function initialMapping(head: CsvHead, encoding: CsvEncoding = 'UTF-8'): MappingState {
  const guess = guessMappings(head.header);
  const choices: ColumnChoice[] = head.header.map((_, column) => {
    const m = guess.mappings.find((x) => x.column === column);
    return { target: m?.target ?? 'ignore', attribute: m?.attribute ?? '', type: m?.type ?? 'text' };
  });
  return { ...head, kind: 'ACCOUNT', encoding, choices, primaryKeyColumn: guess.primaryKeyColumn, keyCase: 'NORMAL' };
}

/** The columns' first guess for a device file: the usual names of device fields; the rest not imported. */
export function deviceChoices(header: readonly string[]): ColumnChoice[] {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  const names: Record<string, ColumnChoice['target']> = {
    deviceid: 'deviceId',
    device: 'deviceId',
    platform: 'platform',
    os: 'os',
    channel: 'channel',
    pushtoken: 'pushToken',
    token: 'pushToken',
    appversion: 'appVersion',
    model: 'model',
    permission: 'permission',
    active: 'active',
  };
  return header.map((h) => ({ target: names[norm(h)] ?? 'ignore', attribute: '', type: 'text' }));
}

/** The plan, or the problems to show: per column, and for the key column. */
export function planOf(state: MappingState, lang?: Lang): { plan: ImportPlan & { kind: FileKind } } | { errors: { columns: Record<number, string>; key?: string } } {
  const mappings = state.choices.flatMap((c, column) =>
    c.target === 'ignore' ? [] : [{ column, target: c.target, attribute: c.target === 'attribute' ? c.attribute.trim() : undefined, type: c.type }],
  );
  const parsed = safeParseIn(
    importPlanSchema,
    {
      columns: state.header,
      mappings,
      primaryKeyColumn: state.primaryKeyColumn,
      keyCase: state.keyCase,
      splitChar: state.delimiter,
      encoding: state.encoding,
      ...(state.kind === 'ACCOUNT' && state.consent
        ? {
            grantedConsent: Object.fromEntries(unmappedConsents(state.choices).flatMap((f) => (state.consent![f] === undefined ? [] : [[f, state.consent![f]]]))),
            grantedConsentUpdates: state.consentUpdates ?? false,
          }
        : {}),
    },
    lang,
  );
  if (parsed.success) {
    // the server's rule for a device file, shown where the key column's problems are
    const problem = state.kind === 'DEVICE' ? devicePlanProblem(parsed.data) : undefined;
    return problem ? { errors: { columns: {}, key: schemaText(problem, lang) } } : { plan: { ...parsed.data, kind: state.kind } };
  }
  const columns: Record<number, string> = {};
  let key: string | undefined;
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'mappings' && typeof issue.path[1] === 'number') columns[mappings[issue.path[1]].column] ??= issue.message;
    else key ??= issue.message;
  }
  return { errors: { columns, key } };
}
