/**
 * How a bad payload is told: the first problem named by its path, in the caller's language. Read by the API
 * steps and by handlers that check what a schema cannot; it imports nothing of the server, so any layer may.
 */
import type * as z from 'zod';
// the two locales by path: `z.locales.ja` would keep all of zod's locales in the router's bundle (250 KB)
import zodJa from 'zod/v4/locales/ja.js';
import zodZhCN from 'zod/v4/locales/zh-CN.js';
import { AppError, type Lang, type LocalDetail } from '../../shared/errors';
import { textsIn } from '../../shared/i18n';

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
 * (texts by key) are put in that language.
 */
export function issueDetail(schema: z.ZodType, input: unknown, error: z.ZodError): LocalDetail {
  const read: Partial<Record<Lang, string>> = {};
  const inLang = (lang: 'zh' | 'ja') => {
    const again = schema.safeParse(input, { error: ZOD_LOCALES[lang] });
    return textsIn(again.success ? firstIssue(error) : firstIssue(again.error), lang);
  };
  return {
    get en() {
      return (read.en ??= textsIn(firstIssue(error), 'en'));
    },
    get zh() {
      return (read.zh ??= inLang('zh'));
    },
    get ja() {
      return (read.ja ??= inLang('ja'));
    },
  };
}

/** An error's detail in the caller's language: as the thrower gave it in each language, or its texts by key put in it. */
export function detailIn(err: AppError, lang: Lang): string | undefined {
  return err.localDetail?.[lang] ?? (err.detail ? textsIn(err.detail, lang) : undefined);
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
