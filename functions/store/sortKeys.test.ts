import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareValues } from './paging';
import { sortKey } from './sortKeys';

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
/** Byte order of UTF-8, as DynamoDB compares string keys. */
const byteOrder = (a: string, b: string) => sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));

const ALPHABET = [...'aAbBzZ09815 _-.,@#$~\'"\t', 'é', 'É', 'å', 'ß', 'æ', 'ø', '\u00a0', '\u200b'];
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 8 }).map((cs) => cs.join(''));

describe('index sort keys', () => {
  it('order text as the in-memory comparison does (equal values by id)', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const expected = sign(compareValues(a, b)) || byteOrder('x', 'y');
        expect(byteOrder(sortKey(a, 'x'), sortKey(b, 'y')), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(expected);
      }),
      { numRuns: 20_000 },
    );
  });

  it('order numbers by value', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 50 }), fc.nat({ max: 2 ** 50 }), (a, b) => {
        expect(byteOrder(sortKey(a, 'x'), sortKey(b, 'y'))).toBe(sign(a - b) || -1);
      }),
    );
  });

  it('put numbers in text in numeric order and ignore case, accents and leading zeros', () => {
    const names = ['user10', 'User9', 'user009b', 'Émile', 'emile', 'a-b', 'ab', 'Zoë', 'zoe2'];
    const byKey = [...names].sort((a, b) => byteOrder(sortKey(a, a), sortKey(b, b)));
    const byCollator = [...names].sort((a, b) => compareValues(a, b) || byteOrder(a, b));
    expect(byKey).toEqual(byCollator);
  });
});
