/**
 * A shared schema's problems in the portal's language. The schemas the browser checks a form with are the
 * server's, and write their texts by key (shared/i18n/say.ts); the server puts them in the caller's language
 * where an answer leaves it, and a form checked here must say the same in the same language.
 */
import type * as z from 'zod';
import { ja, zhCN } from 'zod/v4/locales';
import type { Lang } from '../../../shared/errors';
import { textsIn } from '../../../shared/i18n';
import { currentLang } from '../i18n';

/** zod's own wording (a type, a length, an option) in zh and ja; made once, when a form first needs it. */
let zodLocales: Record<'zh' | 'ja', z.core.$ZodErrorMap> | undefined;
const zodLocale = (lang: 'zh' | 'ja') => (zodLocales ??= { zh: zhCN().localeError, ja: ja().localeError })[lang];

/**
 * `schema.safeParse(input)` with every issue's message in `lang` (the portal's language unless given): zod's own
 * messages in zod's wording for it, the schemas' texts by key from the server's tables.
 */
export function safeParseIn<S extends z.ZodType>(schema: S, input: unknown, lang: Lang = currentLang()): z.ZodSafeParseResult<z.output<S>> {
  const parsed = lang === 'en' ? schema.safeParse(input) : schema.safeParse(input, { error: zodLocale(lang) });
  // the issues are this parse's own objects: putting them in a language in place keeps the error's type and paths
  if (!parsed.success) for (const issue of parsed.error.issues as { message: string }[]) issue.message = textsIn(issue.message, lang);
  return parsed;
}

/** A text a shared module writes by key (a rule the schema cannot state), in `lang`. */
export function schemaText(text: string, lang: Lang = currentLang()): string {
  return textsIn(text, lang);
}

/** Per field, the first message: the field named by its path joined with dots, or by `keyOf`. */
export function fieldErrorsOf(error: z.ZodError, keyOf: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.')): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) found[keyOf(issue.path)] ||= issue.message;
  return found;
}

/** A form's errors for `input` under `schema` in the portal's language, per field; null when the input is valid. */
export function schemaErrors(schema: z.ZodType, input: unknown, lang: Lang = currentLang(), keyOf?: (path: readonly PropertyKey[]) => string): Record<string, string> | null {
  const parsed = safeParseIn(schema, input, lang);
  return parsed.success ? null : fieldErrorsOf(parsed.error, keyOf);
}
