/** Static lists kept on the segment's own item, so each is capped well inside DynamoDB's 400 KB; exclusion wins. */
import * as z from 'zod';
import { groupDigits } from '../format';
import { compileRule, type AccountPredicate } from './evaluate';
import type { Rule } from './rule';
import { say } from '../i18n/say';

export const STATIC_LIST_MAX = 2000;
export const STATIC_LIST_MESSAGES = {
  tooMany: say('form.staticTooMany', { max: groupDigits(STATIC_LIST_MAX) }),
  idTooLong: say('form.staticIdTooLong'),
} as const;

export const staticListSchema = z
  .array(z.string().trim().min(1).max(64, STATIC_LIST_MESSAGES.idTooLong))
  .max(STATIC_LIST_MAX, STATIC_LIST_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids)])
  .default([]);

export interface SegmentAudience {
  rule: Rule;
  includeIds?: readonly string[];
  excludeIds?: readonly string[];
}

export function compileSegment(segment: SegmentAudience, now: number | Date): AccountPredicate {
  const matches = compileRule(segment.rule, now);
  const include = new Set(segment.includeIds ?? []);
  const exclude = new Set(segment.excludeIds ?? []);
  if (include.size === 0 && exclude.size === 0) return matches;
  return (account) => {
    const id = typeof account?.id === 'string' ? account.id : undefined;
    if (id !== undefined && exclude.has(id)) return false;
    return (id !== undefined && include.has(id)) || matches(account);
  };
}
