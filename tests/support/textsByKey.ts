/**
 * Code writes server texts by key (shared/i18n/say.ts); a test may expect either the key or the English a reader
 * gets. Two strings are equal when they read the same in English, so `toEqual` compares what a person sees
 * (inside arrays and objects too), and `expect.stringContaining` / `expect.stringMatching` look at a stored text
 * (a record's detail, a refusal's reason) as its English reader would; a wrong text still fails.
 */
import { expect } from 'vitest';
import { holdsRef, textsIn } from '../../shared/i18n';

const inEnglish = (value: unknown) => (typeof value === 'string' && holdsRef(value) ? textsIn(value, 'en') : value);

expect.addEqualityTesters([
  (a: unknown, b: unknown) => {
    if (typeof a !== 'string' || typeof b !== 'string' || !(holdsRef(a) || holdsRef(b))) return undefined;
    return textsIn(a, 'en') === textsIn(b, 'en');
  },
]);

type StringMatcher = (expected: never) => { asymmetricMatch(other: unknown): boolean };
/** The matchers wrapped so far: the server files share their worker, so this file runs again in one process. */
const wrappedKey = Symbol.for('herald.readsEnglish');
const wrapped: WeakSet<object> = ((globalThis as Record<symbol, WeakSet<object>>)[wrappedKey] ??= new WeakSet());

function readsEnglish(on: Record<string, unknown>, name: 'stringContaining' | 'stringMatching') {
  const matcher = on[name] as StringMatcher;
  if (wrapped.has(matcher)) return;
  const reading = (expected: never) => {
    const made = matcher.call(on, expected);
    const match = made.asymmetricMatch.bind(made);
    made.asymmetricMatch = (other: unknown) => match(inEnglish(other));
    return made;
  };
  wrapped.add(reading);
  on[name] = reading;
}
for (const on of [expect, expect.not] as unknown as Record<string, unknown>[]) {
  readsEnglish(on, 'stringContaining');
  readsEnglish(on, 'stringMatching');
}
