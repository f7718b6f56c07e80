/** Version and audit fields every record carries. */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors';

export interface Audited {
  version: number;
  dateCreated: number;
  dateUpdated: number;
  createdBy: string;
  updatedBy: string;
}

export function newId(): string {
  return randomUUID();
}

export function auditNew(now: number, actor: string): Audited {
  return { version: 1, dateCreated: now, dateUpdated: now, createdBy: actor, updatedBy: actor };
}

export function auditNext(existing: Audited, now: number, actor: string): Audited {
  return { version: existing.version + 1, dateCreated: existing.dateCreated, dateUpdated: now, createdBy: existing.createdBy, updatedBy: actor };
}

/** A save based on an older version than the stored one answers 720007 instead of overwriting. */
export function checkVersion(stored: { version: number }, expected: number | undefined): void {
  if (expected !== undefined && expected !== stored.version) throw new AppError('720007');
}
