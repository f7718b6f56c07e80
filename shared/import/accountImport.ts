/**
 * Data import of accounts (spec 001 3.13), pure so the screen, the server and tests share one reading.
 * An empty cell changes nothing, so a re-import with fewer columns keeps what earlier imports set.
 */
import * as z from 'zod';
import { type Account, ACCOUNT_LIMITS, ACCOUNT_MESSAGES, accountSchema, type AttributeValue, ATTRIBUTE_NAME, type PostalAddress } from '../entities/account';
import { DEVICE_IMPORT_FIELDS } from '../entities/device';
import { toEpochMs } from '../segment/dates';
import { LINE_USER_ID, normalizePhones } from '../phone';
import { isValidEmail, MESSAGES } from '../validation';
import { CSV_DELIMITERS, CSV_ENCODINGS, CSV_LIMITS } from './csv';
import { IOT_DEVICE_FIELDS, isThingField, readThingCell, type ThingChange, type ThingField, thingChangeOf, thingPlanProblem, VEHICLE_FIELDS, withThings } from './iotImport';
import { say, withParams } from '../i18n/say';

/** the vehicle and IoT device fields give one of each a row (./iotImport.ts) */
export const IMPORT_FIELDS = [
  'email',
  'phone',
  'lineUserId',
  'addressName',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'addressCity',
  'addressRegion',
  'addressPostcode',
  'addressCountry',
  'firstName',
  'lastName',
  'locale',
  'timeZone',
  'country',
  'tags',
  'emailConsent',
  'smsConsent',
  'pushConsent',
  'lineConsent',
  ...VEHICLE_FIELDS,
  ...IOT_DEVICE_FIELDS,
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const CONSENT_FIELDS = ['emailConsent', 'smsConsent', 'pushConsent', 'lineConsent'] as const;
export type ConsentField = (typeof CONSENT_FIELDS)[number];

export function grantedConsentOf(
  plan: Pick<ImportPlan, 'grantedConsent' | 'grantedConsentUpdates'>,
  exists: boolean,
  set: Partial<Record<ConsentField, unknown>>,
): Partial<Record<ConsentField, boolean>> {
  if (!plan.grantedConsent || (exists && !plan.grantedConsentUpdates)) return {};
  return Object.fromEntries(Object.entries(plan.grantedConsent).filter(([field]) => set[field as ConsentField] === undefined));
}
export const IMPORT_TARGETS = [...IMPORT_FIELDS, 'attribute'] as const;
export const ATTRIBUTE_TYPES = ['text', 'number', 'boolean', 'date'] as const;
export const KEY_CASES = ['NORMAL', 'LOWER', 'UPPER'] as const;

export const IMPORT_LIMITS = { pageRows: 1000, headerText: 200, fileName: 255, keyLength: 64 } as const;

/** English, as stored; their zh and ja in shared/i18n. */
export const IMPORT_MESSAGES = {
  // spec 001 section 5
  fieldRequired: MESSAGES.fieldRequired,
  email: MESSAGES.emailIncorrect,
  phone: ACCOUNT_MESSAGES.phone,
  tooManyPhones: say('form.tooManyPhones', { max: ACCOUNT_LIMITS.phones }),
  // ours
  columns: say('import.columns'),
  keyTooLong: say('import.keyTooLong', { max: IMPORT_LIMITS.keyLength }),
  boolean: say('import.boolean'),
  number: say('import.number'),
  date: say('import.date'),
  tooLong: say('import.keyTooLong'),
  tooManyTags: say('form.tooManyTags', { max: ACCOUNT_LIMITS.tags }),
  attributeName: say('import.attributeName'),
  targetTwice: say('import.targetTwice'),
  attributeTwice: say('import.attributeTwice'),
  columnTwice: say('import.columnTwice'),
  keyColumn: say('import.keyColumn'),
  noColumn: say('import.noColumn'),
  notAccountField: say('import.notAccountField'),
} as const;

export function fill(message: string, params: Record<string, string | number>): string {
  return withParams(message, params);
}

export const columnMappingSchema = z
  .object({
    column: z
      .number()
      .int()
      .min(0)
      .max(CSV_LIMITS.columns - 1),
    target: z.enum([...IMPORT_TARGETS, ...DEVICE_IMPORT_FIELDS]),
    attribute: z.string().trim().optional(),
    type: z.enum(ATTRIBUTE_TYPES).default('text'),
  })
  .superRefine((m, ctx) => {
    if (m.target !== 'attribute') return;
    if (!m.attribute) ctx.addIssue({ code: 'custom', path: ['attribute'], message: IMPORT_MESSAGES.attributeName });
    else if (!ATTRIBUTE_NAME.test(m.attribute)) ctx.addIssue({ code: 'custom', path: ['attribute'], message: ACCOUNT_MESSAGES.attributeName });
  });
export type ColumnMapping = z.output<typeof columnMappingSchema>;

export const importPlanSchema = z
  .object({
    columns: z.array(z.string().max(IMPORT_LIMITS.headerText)).min(1).max(CSV_LIMITS.columns),
    mappings: z.array(columnMappingSchema).max(CSV_LIMITS.columns),
    primaryKeyColumn: z.number({ error: IMPORT_MESSAGES.keyColumn }).int().min(0),
    keyCase: z.enum(KEY_CASES).default('NORMAL'),
    splitChar: z.enum(CSV_DELIMITERS).default(','),
    encoding: z.enum(CSV_ENCODINGS).default('UTF-8'),
    /** issue 21: imported accounts default to no consent */
    grantedConsent: z.partialRecord(z.enum(CONSENT_FIELDS), z.boolean()).optional(),
    grantedConsentUpdates: z.boolean().optional(),
    /** '' reads only international numbers; absent: the organization's default country */
    defaultCountry: z
      .string()
      .regex(/^([A-Z]{2})?$/, ACCOUNT_MESSAGES.country)
      .optional(),
  })
  .superRefine((plan, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (plan.primaryKeyColumn >= plan.columns.length) issue(['primaryKeyColumn'], IMPORT_MESSAGES.noColumn);
    const columns = new Set<number>();
    const targets = new Set<string>();
    plan.mappings.forEach((m, i) => {
      if (m.column >= plan.columns.length) issue(['mappings', i, 'column'], IMPORT_MESSAGES.noColumn);
      if (columns.has(m.column)) issue(['mappings', i, 'column'], IMPORT_MESSAGES.columnTwice);
      columns.add(m.column);
      const target = m.target === 'attribute' ? `attributes.${m.attribute}` : m.target;
      if (targets.has(target)) {
        issue(
          ['mappings', i, 'target'],
          m.target === 'attribute' ? fill(IMPORT_MESSAGES.attributeTwice, { name: m.attribute ?? '' }) : fill(IMPORT_MESSAGES.targetTwice, { target }),
        );
      }
      targets.add(target);
    });
    const orphan = thingPlanProblem(targets);
    if (orphan) issue(['mappings', plan.mappings.findIndex((m) => m.target === orphan.target), 'target'], orphan.message);
  });
export type ImportPlan = z.output<typeof importPlanSchema>;

const ADDRESS_PARTS = {
  addressName: 'recipientName',
  addressLine1: 'line1',
  addressLine2: 'line2',
  addressLine3: 'line3',
  addressCity: 'city',
  addressRegion: 'region',
  addressPostcode: 'postcode',
  addressCountry: 'country',
} as const satisfies Partial<Record<ImportField, string>>;
type AddressField = keyof typeof ADDRESS_PARTS;
export type AddressChange = Partial<Record<(typeof ADDRESS_PARTS)[AddressField], string>>;

type ChangeableField = Exclude<ImportField, 'email' | 'phone' | AddressField | ThingField> | 'emails' | 'phones';
export interface AccountChange extends ThingChange {
  id: string;
  set: Partial<Pick<Account, ChangeableField>>;
  address?: AddressChange;
  attributes: Record<string, AttributeValue>;
}

export interface RowOptions {
  defaultCountry?: string;
}

const BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  y: true,
  n: false,
  '1': true,
  '0': false,
  on: true,
  off: false,
  はい: true,
  いいえ: false,
  是: true,
  否: false,
  真: true,
  假: false,
};

/** NFKC so full-width "ＹＥＳ" or "１" from a Japanese sheet count too. */
export function parseBoolean(cell: string): boolean | undefined {
  return BOOLEANS[cell.normalize('NFKC').trim().toLowerCase()];
}

const fieldSchemas = accountSchema.shape;

function readCell(m: ColumnMapping, cell: string, options: RowOptions): { value: unknown } | { reason: string } | undefined {
  if (isThingField(m.target)) return readThingCell(m.target, cell);
  const tooLong = (max: number) => ({ reason: fill(IMPORT_MESSAGES.tooLong, { max }) });
  switch (m.target) {
    case 'phone': {
      const list = cell
        .split(/[;,]/)
        .map((p) => p.trim())
        .filter(Boolean);
      if (list.length > ACCOUNT_LIMITS.phones) return { reason: IMPORT_MESSAGES.tooManyPhones };
      const read = normalizePhones(list, options.defaultCountry);
      return 'bad' in read ? { reason: IMPORT_MESSAGES.phone } : { value: read.phones };
    }
    case 'lineUserId':
      return LINE_USER_ID.test(cell) ? { value: cell } : { reason: ACCOUNT_MESSAGES.lineUserId };
    case 'addressName':
    case 'addressLine1':
    case 'addressLine2':
    case 'addressLine3':
    case 'addressCity':
    case 'addressRegion':
      return cell.length > ACCOUNT_LIMITS.addressText ? tooLong(ACCOUNT_LIMITS.addressText) : { value: cell };
    case 'addressPostcode':
      return cell.length > 20 ? tooLong(20) : { value: cell };
    case 'addressCountry':
      return /^[A-Za-z]{2}$/.test(cell) ? { value: cell.toUpperCase() } : { reason: ACCOUNT_MESSAGES.country };
    case 'email': {
      const emails = cell.split(/[;\s]+/).filter(Boolean);
      if (emails.length > ACCOUNT_LIMITS.emails || emails.some((e) => !isValidEmail(e))) return { reason: IMPORT_MESSAGES.email };
      return { value: emails };
    }
    case 'tags': {
      const tags = [
        ...new Set(
          cell
            .split(/[;,|]/)
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
      if (tags.length > ACCOUNT_LIMITS.tags) return { reason: IMPORT_MESSAGES.tooManyTags };
      if (tags.some((t) => t.length > ACCOUNT_LIMITS.tagLength)) return tooLong(ACCOUNT_LIMITS.tagLength);
      return { value: tags };
    }
    case 'emailConsent':
    case 'smsConsent':
    case 'pushConsent':
    case 'lineConsent': {
      const value = parseBoolean(cell);
      return value === undefined ? { reason: IMPORT_MESSAGES.boolean } : { value };
    }
    case 'firstName':
    case 'lastName':
      return cell.length > ACCOUNT_LIMITS.name ? tooLong(ACCOUNT_LIMITS.name) : { value: cell };
    case 'locale':
    case 'timeZone':
    case 'country': {
      const parsed = fieldSchemas[m.target].safeParse(cell);
      return parsed.success ? { value: parsed.data } : { reason: parsed.error.issues[0].message };
    }
    case 'attribute':
      switch (m.type) {
        case 'text':
          return cell.length > ACCOUNT_LIMITS.attributeText ? tooLong(ACCOUNT_LIMITS.attributeText) : { value: cell };
        case 'number': {
          const n = Number(cell.replace(/,/g, ''));
          return cell !== '' && Number.isFinite(n) ? { value: n } : { reason: IMPORT_MESSAGES.number };
        }
        case 'boolean': {
          const value = parseBoolean(cell);
          return value === undefined ? { reason: IMPORT_MESSAGES.boolean } : { value };
        }
        case 'date': {
          const t = toEpochMs(cell);
          return Number.isNaN(t) ? { reason: IMPORT_MESSAGES.date } : { value: new Date(t).toISOString() };
        }
      }
  }
}

function applyKeyCase(key: string, keyCase: ImportPlan['keyCase']): string {
  return keyCase === 'LOWER' ? key.toLowerCase() : keyCase === 'UPPER' ? key.toUpperCase() : key;
}

export interface ReadRow {
  key: string;
  values: [ColumnMapping, unknown][];
  reasons: string[];
  warnings: string[];
  header: (column: number) => string;
}

/** Shared by every kind of import; `undefined` for a blank row, which is skipped. */
export function readRow(
  row: readonly string[],
  plan: ImportPlan,
  cellValue: (m: ColumnMapping, cell: string) => { value: unknown } | { reason: string; soft?: boolean },
): ReadRow | { reason: string } | undefined {
  if (row.length === 0 || (row.length === 1 && row[0].trim() === '')) return undefined;
  if (row.length !== plan.columns.length) return { reason: fill(IMPORT_MESSAGES.columns, { count: row.length, expected: plan.columns.length }) };
  const reasons: string[] = [];
  const header = (column: number) => plan.columns[column] || `#${column + 1}`;
  const key = applyKeyCase(row[plan.primaryKeyColumn].trim(), plan.keyCase);
  if (!key) reasons.push(fill(IMPORT_MESSAGES.fieldRequired, { param: header(plan.primaryKeyColumn) }));
  else if (key.length > IMPORT_LIMITS.keyLength) reasons.push(`${header(plan.primaryKeyColumn)}: ${IMPORT_MESSAGES.keyTooLong}`);
  const values: [ColumnMapping, unknown][] = [];
  const warnings: string[] = [];
  for (const m of plan.mappings) {
    const cell = row[m.column].trim();
    if (cell === '') continue;
    const read = cellValue(m, cell);
    if ('reason' in read) {
      reasons.push(`${header(m.column)}: ${read.reason}`);
      if (read.soft) warnings.push(reasons.at(-1)!);
    } else values.push([m, read.value]);
  }
  return { key, values, reasons, warnings, header };
}

/** An unreadable phone cell does not stop the row: it becomes a warning in the import's report. */
export function rowChange(row: readonly string[], plan: ImportPlan, options: RowOptions = {}): { change: AccountChange; warnings?: string[] } | { reason: string } | undefined {
  const read = readRow(row, plan, (m, cell) => {
    const value = readCell(m, cell, options) ?? { reason: IMPORT_MESSAGES.notAccountField };
    return 'reason' in value && m.target === 'phone' ? { ...value, soft: true } : value;
  });
  if (!read || !('key' in read)) return read;
  if (read.reasons.length > read.warnings.length) return { reason: read.reasons.join(' ') };
  const things = thingChangeOf(read.values.map(([m, value]) => ({ target: m.target, value, header: read.header(m.column) })));
  if ('reason' in things) return { reason: [...read.reasons, things.reason].join(' ') };
  const change: AccountChange = { id: read.key, set: {}, attributes: {}, ...things };
  for (const [m, value] of read.values) {
    if (isThingField(m.target)) continue;
    if (m.target === 'attribute') change.attributes[m.attribute!] = value as AttributeValue;
    else if (m.target in ADDRESS_PARTS) change.address = { ...change.address, [ADDRESS_PARTS[m.target as AddressField]]: value as string };
    else (change.set as Record<string, unknown>)[m.target === 'email' ? 'emails' : m.target === 'phone' ? 'phones' : m.target] = value;
  }
  return read.warnings.length > 0 ? { change, warnings: read.warnings } : { change };
}

function changedAddress(stored: PostalAddress | undefined, change: AddressChange): PostalAddress {
  const { line1, line2, line3, ...parts } = change;
  const lines = [line1, line2, line3].map((line, i) => line ?? stored?.lines[i] ?? '');
  return { ...stored, ...parts, lines };
}

export function applyChange(existing: Account | undefined, change: AccountChange, stamp: { orgId: number; now: number; actor: string }): { account: Account } | { reason: string } {
  const candidate = {
    ...(existing ?? { orgId: stamp.orgId, id: change.id, dateCreated: stamp.now, createdBy: stamp.actor }),
    ...change.set,
    ...(change.address ? { address: changedAddress(existing?.address, change.address) } : {}),
    attributes: { ...existing?.attributes, ...change.attributes },
    ...withThings(existing, change),
    version: (existing?.version ?? 0) + 1,
    dateUpdated: stamp.now,
    updatedBy: stamp.actor,
  };
  const parsed = accountSchema.safeParse(candidate);
  if (parsed.success) return { account: parsed.data };
  const issue = parsed.error.issues[0];
  return { reason: `${issue.path.map(String).join('.')}: ${issue.message}` };
}
