/**
 * Code writes server texts by key (shared/i18n/say.ts); a test may expect either the key or the English a reader
 * gets. Two strings are equal when they read the same in English, so `toEqual` compares what a person sees
 * (inside arrays and objects too); a wrong text still fails.
 */
import { expect } from 'vitest';
import { holdsRef, textsIn } from '../../shared/i18n';

expect.addEqualityTesters([
  (a: unknown, b: unknown) => {
    if (typeof a !== 'string' || typeof b !== 'string' || !(holdsRef(a) || holdsRef(b))) return undefined;
    return textsIn(a, 'en') === textsIn(b, 'en');
  },
]);
