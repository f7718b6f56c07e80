import * as z from 'zod';
import type { Permission } from '../permissions';
import { IMPORT_FILE_UPLOAD, UPLOAD_MESSAGES } from '../uploads';

/** `optional`: the identity is passed when a valid token is present; a list: any one of its permissions. */
export type Access = 'public' | 'optional' | 'authenticated' | Permission | readonly Permission[];

export interface OperationDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, A extends Access = Access> {
  payload: P;
  response: R;
  access: A;
  /** The access is then checked with the caller's role there, not in the organization the token selects. */
  orgOf?(payload: z.output<P>): number | undefined;
}

export function grants(access: Permission | readonly Permission[], held: readonly string[]): boolean {
  return typeof access === 'string' ? held.includes(access) : access.some((p) => held.includes(p));
}

export function operation<P extends z.ZodType, R extends z.ZodType, const A extends Access>(def: OperationDef<P, R, A>): OperationDef<P, R, A> {
  return def;
}

export const MAX_PAGE_SIZE = 500;

export const pageRequest = {
  page: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sortField: z.string().max(64).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

export const empty = z.object({}).default({});
export const ok = z.object({ ok: z.literal(true) });
export const idPayload = z.object({ id: z.string().min(1).max(64) });

/** the upload link is signed for exactly this many bytes */
export const importFileSize = z
  .number({ error: UPLOAD_MESSAGES.none })
  .int()
  .min(1, UPLOAD_MESSAGES.none)
  .max(IMPORT_FILE_UPLOAD.maxBytes, UPLOAD_MESSAGES.tooLarge(IMPORT_FILE_UPLOAD.maxLabel));

export const uploadLink = z.object({ url: z.string(), expiresAt: z.number().int(), contentType: z.string() });
