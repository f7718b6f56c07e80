/** The mapping step's state and the import plan it makes, checked with the catalogue's schema before sending. */
import type { CsvDelimiter, CsvEncoding } from '../../../../shared/import/csv';
import {
  ATTRIBUTE_TYPES,
  type ColumnMapping,
  CONSENT_FIELDS,
  type ConsentField,
  IMPORT_TARGETS,
  type ImportPlan,
  importPlanSchema,
  KEY_CASES,
} from '../../../../shared/import/accountImport';
import { DEVICE_IMPORT_FIELDS } from '../../../../shared/entities/device';
import { guessMappings } from '../../../../shared/import/guess';
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
  /** where phone numbers without a country code are (ISO 3166); '' for nowhere */
  defaultCountry: string;
  /** the consent the file grants on channels no column fills; unanswered ones stay "no consent" */
  consent?: Partial<Record<ConsentField, boolean>>;
  consentUpdates?: boolean;
}

/** The consent fields no column of the choices fills: the import asks about these. */
export const unmappedConsents = (choices: readonly ColumnChoice[]): ConsentField[] => CONSENT_FIELDS.filter((f) => !choices.some((c) => c.target === f));

export function initialMapping(head: CsvHead, encoding: CsvEncoding = 'UTF-8', defaultCountry = ''): MappingState {
  const guess = guessMappings(head.header, head.sample);
  const choices: ColumnChoice[] = head.header.map((_, column) => {
    const m = guess.mappings.find((x) => x.column === column);
    return { target: m?.target ?? 'ignore', attribute: m?.attribute ?? '', type: m?.type ?? 'text' };
  });
  return { ...head, kind: 'ACCOUNT', encoding, choices, primaryKeyColumn: guess.primaryKeyColumn, keyCase: 'NORMAL', defaultCountry };
}

/** The country national numbers are first read as: the organization's default country, else the portal language's. */
export function initialCountry(orgDefault: unknown, language: string): string {
  if (typeof orgDefault === 'string' && /^[A-Z]{2}$/.test(orgDefault)) return orgDefault;
  // an English portal is used in too many countries to guess one: numbers need their country code there
  return ({ ja: 'JP', zh: 'CN' } as Record<string, string>)[language] ?? '';
}

/** What is remembered of a mapping, per header list, for the next file with the same columns. */
type Remembered = Pick<MappingState, 'kind' | 'choices' | 'primaryKeyColumn' | 'keyCase' | 'defaultCountry'>;
const REMEMBERED = 'herald.importMappings';
const REMEMBERED_MAX = 20;
const headerKey = (header: readonly string[]) => header.join('\u001f');

function rememberedList(): [string, Remembered][] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(REMEMBERED) ?? '[]');
    return Array.isArray(list) ? (list as [string, Remembered][]) : [];
  } catch {
    return [];
  }
}

/** Keeps the mapping an import started with (the newest 20 header lists). */
export function rememberMapping(state: MappingState): void {
  const { kind, choices, primaryKeyColumn, keyCase, defaultCountry } = state;
  const key = headerKey(state.header);
  const list = [[key, { kind, choices, primaryKeyColumn, keyCase, defaultCountry }] as [string, Remembered], ...rememberedList().filter(([k]) => k !== key)];
  try {
    localStorage.setItem(REMEMBERED, JSON.stringify(list.slice(0, REMEMBERED_MAX)));
  } catch {
    // storage full or refused: the next file is guessed again
  }
}

/** The state with the mapping last used for the same header list, when one was kept and still fits. */
export function withRememberedMapping(state: MappingState): MappingState {
  const found = rememberedList().find(([k]) => k === headerKey(state.header))?.[1];
  if (!found || !Array.isArray(found.choices) || found.choices.length !== state.header.length) return state;
  const targets: readonly string[] = ['ignore', ...(found.kind === 'DEVICE' ? DEVICE_IMPORT_FIELDS : IMPORT_TARGETS)];
  const fits =
    (found.kind === 'ACCOUNT' || found.kind === 'DEVICE') &&
    found.choices.every((c) => targets.includes(c?.target) && typeof c.attribute === 'string' && ATTRIBUTE_TYPES.includes(c.type)) &&
    Number.isInteger(found.primaryKeyColumn) &&
    found.primaryKeyColumn >= 0 &&
    found.primaryKeyColumn < state.header.length &&
    KEY_CASES.includes(found.keyCase) &&
    typeof found.defaultCountry === 'string';
  return fits ? { ...state, ...found } : state;
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
      ...(state.kind === 'ACCOUNT' ? { defaultCountry: state.defaultCountry } : {}),
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
