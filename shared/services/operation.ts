import { z } from 'zod';
import type { Permission } from '../permissions';

/**
 * Who may call an operation: anyone (`public`), anyone with or without a session (`optional`: the identity is
 * passed when a valid token is present), any signed-in user (`authenticated`), or holders of a permission.
 */
export type Access = 'public' | 'optional' | 'authenticated' | Permission;

export interface OperationDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, A extends Access = Access> {
  payload: P;
  response: R;
  access: A;
}

export function operation<P extends z.ZodType, R extends z.ZodType, const A extends Access>(
  def: OperationDef<P, R, A>,
): OperationDef<P, R, A> {
  return def;
}

export const MAX_PAGE_SIZE = 500;

/** Page-number list requests: page from 0. */
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
