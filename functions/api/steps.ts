/**
 * The steps of one operation once its envelope is read: authenticate, authorize, validate, dispatch, check the
 * answer. The router runs them for browser calls; a queue worker or a schedule can run the later ones with a
 * system identity bound to one organization.
 */
import type * as z from 'zod';
// the two locales by path: `z.locales.ja` would keep all of zod's locales in the router's bundle (250 KB)
import zodJa from 'zod/v4/locales/ja.js';
import zodZhCN from 'zod/v4/locales/zh-CN.js';
import { AppError, type Lang, type LocalDetail } from '../../shared/errors';
import { translateServerText } from '../../shared/i18n';
import { grants, type OperationDef } from '../../shared/services';
import { authenticate, permissionsIn } from '../services/auth';
import type { AuthedContext, Handler, Identity, Prefetching, RequestContext } from './context';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Who calls. A public operation ignores any token; an optional one treats only an invalid token as anonymous
 * (a failing store still fails); every other one needs a valid token. The records a handler names (`prefetch`)
 * are read with the caller's and land in `ctx.prefetched`.
 */
export async function authenticateFor(op: OperationDef, ctx: RequestContext, authorization: string | undefined, prefetch?: Prefetching['prefetch']): Promise<Identity | null> {
  const token = BEARER.exec(authorization ?? '')?.[1];
  if (op.access === 'public') return null;
  if (op.access === 'optional') {
    if (!token) return null;
    return authenticate(ctx, token).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
  }
  if (!token) throw new AppError('400018');
  return authenticate(ctx, token, prefetch);
}

/** 730001 unless `held` satisfies the operation's access rule. */
export function authorize(op: OperationDef, held: readonly string[]): void {
  if (op.access === 'authenticated' || op.access === 'public' || op.access === 'optional') return;
  if (!grants(op.access, held)) throw new AppError('730001');
}

/**
 * Authorizes in the organization the payload names (`orgOf`), with the caller's role there; a caller that is
 * not a member there gets the answer for an organization that does not exist.
 */
export async function authorizeInTarget(op: OperationDef, ctx: RequestContext, identity: Identity, payload: unknown): Promise<void> {
  const target = op.orgOf?.(payload);
  if (target === undefined || target === identity.orgId) return authorize(op, identity.permissions);
  const held = await permissionsIn(ctx.platform, identity.userId, target);
  if (!held) throw new AppError('720003');
  authorize(op, held);
}

/** The first problem of a payload, named by its path: `payload.events.0.at: ...`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${['payload', ...issue.path.map(String)].join('.')}: ${issue.message}`;
}

/** zod's own messages (a type, a length, an option) in the caller's language; ours come from shared/i18n. */
const ZOD_LOCALES = { zh: zodZhCN().localeError, ja: zodJa().localeError } as const;

/**
 * The first problem of `input` under `schema` in each language: the schema is read again with zod's zh or ja
 * wording when that language is asked for (an English caller costs nothing more), and the messages the schemas
 * write in English are translated.
 */
export function issueDetail(schema: z.ZodType, input: unknown, error: z.ZodError): LocalDetail {
  const read: Partial<Record<'zh' | 'ja', string>> = {};
  const inLang = (lang: 'zh' | 'ja') => {
    const again = schema.safeParse(input, { error: ZOD_LOCALES[lang] });
    return translateServerText(again.success ? firstIssue(error) : firstIssue(again.error), lang);
  };
  return {
    en: firstIssue(error),
    get zh() {
      return (read.zh ??= inLang('zh'));
    },
    get ja() {
      return (read.ja ??= inLang('ja'));
    },
  };
}

/** An error's detail in the caller's language: as the thrower gave it in each language, or translated from English. */
export function detailIn(err: AppError, lang: Lang): string | undefined {
  return err.localDetail?.[lang] ?? (err.detail ? translateServerText(err.detail, lang) : undefined);
}

/** A rule the schema cannot state (it spans fields, or needs what is stored): 400016 naming the field. */
export function badField(path: string, message: string): never {
  throw new AppError('400016', `payload.${path}: ${message}`);
}

/** Keys that reach an object's prototype or constructor when code indexes with them: no field is named so. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** A UTF-16 surrogate without its pair: JSON can carry one, but UTF-8 (DynamoDB, S3, mail) cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What JSON carries but no operation takes, anywhere in a payload: a lone surrogate in a string or a key, and
 * the keys of FORBIDDEN_KEYS. The path of the first one, or null. Walked with a stack, so depth costs no recursion.
 */
export function payloadProblem(payload: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: payload, path: 'payload' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return `${path}: The text holds an unpaired UTF-16 surrogate.`;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        stack.push({ value: v, path: `${path}.${i}` });
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        const at = `${path}.${key.slice(0, 64)}`;
        if (FORBIDDEN_KEYS.has(key)) return `${at}: This name is reserved and cannot be a key.`;
        if (LONE_SURROGATE.test(key)) return `${at}: The name holds an unpaired UTF-16 surrogate.`;
        stack.push({ value: (value as Record<string, unknown>)[key], path: at });
      }
    }
  }
  return null;
}

/** The payload as the operation's schema reads it, or 400016 naming the first bad field. */
export function validate(op: OperationDef, payload: unknown): unknown {
  const problem = payloadProblem(payload);
  if (problem) throw new AppError('400016', problem);
  const parsed = op.payload.safeParse(payload);
  if (!parsed.success) throw new AppError('400016', issueDetail(op.payload, payload, parsed.error));
  return parsed.data;
}

export function dispatch(handler: Handler<never>, payload: unknown, ctx: RequestContext): Promise<unknown> {
  const { identity } = ctx;
  const handlerCtx: RequestContext | AuthedContext = identity ? { ...ctx, identity, tenant: ctx.platform.forOrg(identity.orgId) } : ctx;
  return (handler as (p: unknown, c: RequestContext) => Promise<unknown>)(payload, handlerCtx);
}

/**
 * The work handlers queue with `ctx.afterCommit`, run in the order queued once the answer is checked. Work that
 * fails fails the request (400000, logged): the handler's writes stand, but the caller learns that what should
 * have followed them did not.
 */
export function afterCommitQueue() {
  const queued: (() => Promise<unknown>)[] = [];
  return {
    add(work: () => Promise<unknown>): void {
      queued.push(work);
    },
    async run(): Promise<void> {
      for (const work of queued.splice(0)) await work();
    },
  };
}

/**
 * The answer as the operation's response schema reads it: fields it does not name (a password hash, a
 * security stamp, a sealed secret a handler spread in) are dropped, and an answer that breaks the schema is a
 * fault (400000, logged), never sent.
 */
export function checkAnswer(service: string, op: OperationDef, result: unknown, ctx: RequestContext): unknown {
  const parsed = op.response.safeParse(result);
  if (parsed.success) return parsed.data;
  ctx.rt.log.error('answer does not match its schema', { service, issue: firstIssue(parsed.error) });
  throw new AppError('400000');
}
