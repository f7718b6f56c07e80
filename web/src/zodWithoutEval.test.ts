import { expect, it } from 'vitest';

it('turns off zod’s compiled parsers before zod loads, without importing zod', async () => {
  await import('./zodWithoutEval');
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
});
