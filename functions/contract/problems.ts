/** How a bad payload is told: the first problem named by its path, in the caller's language. */
import type * as z from 'zod';
// the two locales by path: `z.locales.ja` would keep all of zod's locales in the router's bundle (250 KB)
import zodJa from 'zod/v4/locales/ja.js';
import zodZhCN from 'zod/v4/locales/zh-CN.js';
import { AppError, type Lang, type LocalDetail } from '../../shared/errors';
import { textsIn } from '../../shared/i18n';

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${['payload', ...issue.path.map(String)].join('.')}: ${issue.message}`;
}

const ZOD_LOCALES = { zh: zodZhCN().localeError, ja: zodJa().localeError } as const;

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

export function detailIn(err: AppError, lang: Lang): string | undefined {
  return err.localDetail?.[lang] ?? (err.detail ? textsIn(err.detail, lang) : undefined);
}

/** A rule the schema cannot state (it spans fields, or needs what is stored): 400016 naming the field. */
export function badField(path: string, message: string): never {
  throw new AppError('400016', `payload.${path}: ${message}`);
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** A UTF-16 surrogate without its pair: JSON can carry one, but UTF-8 (DynamoDB, S3, mail) cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What JSON carries but no operation takes, anywhere in a payload. */
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
