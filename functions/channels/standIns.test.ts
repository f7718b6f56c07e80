/** Every channel's stand-ins as the registry lists them: each named once, each answering the stand-in contract. */
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/delivery';
import { CHANNEL_STAND_INS } from './standIns';

const declared = CHANNELS.flatMap((c) => CHANNEL_STAND_INS[c]);

describe('the channels’ stand-ins', () => {
  it('are each named once: the name keys its endpoint and its kept file', () => {
    const names = declared.map((d) => d.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('each start on a loopback port and list what they received', async () => {
    for (const d of declared) {
      const standIn = await d.start({});
      try {
        expect(standIn.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const res = await fetch(`${standIn.endpoint}/_standin/received`);
        expect([d.name, res.status]).toEqual([d.name, 200]);
        expect(Array.isArray(await res.json())).toBe(true);
      } finally {
        await standIn.close();
      }
    }
  });
});
