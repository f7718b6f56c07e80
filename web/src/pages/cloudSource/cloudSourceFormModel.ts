/** The cloud source form's fields: read from a stored source, and the payload the server takes. */
import type { CLOUD_ALERT_TYPES, CLOUD_SOURCE_TYPES, FileColumn } from '../../../../shared/entities/cloudSource';
import type { EXPORT_LOOPS } from '../../../../shared/entities/dataExport';
import type { KEY_CASES } from '../../../../shared/import/accountImport';
import type { CSV_DELIMITERS, CSV_ENCODINGS } from '../../../../shared/import/csv';
import type { CloudSourceView } from '../../../../shared/services';

export const DELIMITER_NAMES = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' } as const;

export interface Form {
  title: string;
  sourceType: (typeof CLOUD_SOURCE_TYPES)[number];
  status: 'ACTIVE' | 'INACTIVE';
  loopType: (typeof EXPORT_LOOPS)[number];
  holdForConfirmation: boolean;
  multiSend: boolean;
  resourceName: string;
  host: string;
  port: number;
  username: string;
  password: string;
  privateKey: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  roleArn: string;
  filePath: string;
  fileName: string;
  encoding: (typeof CSV_ENCODINGS)[number];
  splitChar: (typeof CSV_DELIMITERS)[number];
  sheetName: string;
  firstDataRow: number;
  lastDataRow: number | null;
  largeFileRowLimit: number;
  fileColumns: FileColumn[];
  uniqueIdField: string;
  keyCase: (typeof KEY_CASES)[number];
  groupColumn: string;
  localeColumn: string;
  emailReceivers: string;
  alertTypes: (typeof CLOUD_ALERT_TYPES)[number][];
}

export const newColumn = (columnId = ''): FileColumn => ({ columnId, regex: '', checkTitle: true, fieldType: 'ignore', format: 'text' });

export function formOf(source: CloudSourceView | null): Form {
  return {
    title: source?.title ?? '',
    sourceType: source?.sourceType ?? 'SFTP',
    status: source?.status ?? 'ACTIVE',
    loopType: source?.loopType ?? 'DAILY',
    holdForConfirmation: source?.holdForConfirmation ?? false,
    multiSend: source?.multiSend ?? false,
    resourceName: source?.resourceName ?? '',
    host: source?.host ?? '',
    port: source?.port ?? 22,
    username: source?.username ?? '',
    password: '',
    privateKey: '',
    bucket: source?.bucket ?? '',
    region: source?.region ?? '',
    accessKey: source?.accessKey ?? '',
    secretKey: '',
    roleArn: source?.roleArn ?? '',
    filePath: source?.filePath ?? '',
    fileName: source?.fileName ?? '',
    encoding: source?.encoding ?? 'UTF-8',
    splitChar: source?.splitChar ?? ',',
    sheetName: source?.sheetName ?? '',
    firstDataRow: source?.firstDataRow ?? 2,
    lastDataRow: source?.lastDataRow ?? null,
    largeFileRowLimit: source?.largeFileRowLimit ?? 1_000_000,
    fileColumns: source?.fileColumns.map((c) => ({ ...c })) ?? [newColumn('id')],
    uniqueIdField: source?.uniqueIdField ?? '',
    keyCase: source?.keyCase ?? 'NORMAL',
    groupColumn: source?.groupColumn ?? '',
    localeColumn: source?.localeColumn ?? '',
    emailReceivers: source?.emailReceivers.join(', ') ?? '',
    alertTypes: source?.alertTypes ?? ['FAILURE'],
  };
}

/** What the server takes: empty optional texts left out, credentials only when typed. */
export function payloadOf(form: Form, source: CloudSourceView | null): Record<string, unknown> {
  const { password, privateKey, secretKey, lastDataRow, groupColumn, localeColumn, emailReceivers, ...rest } = form;
  return {
    ...(source ? { id: source.id, version: source.version } : {}),
    ...rest,
    fileColumns: rest.fileColumns.map(({ attribute, ...c }) => (c.fieldType === 'attribute' ? { ...c, attribute } : c)),
    ...(password ? { password } : {}),
    ...(privateKey ? { privateKey } : {}),
    ...(secretKey ? { secretKey } : {}),
    ...(lastDataRow ? { lastDataRow } : {}),
    ...(groupColumn ? { groupColumn } : {}),
    ...(localeColumn ? { localeColumn } : {}),
    emailReceivers: emailReceivers
      .split(/[,;\s]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  };
}
