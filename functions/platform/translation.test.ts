/** The translation system is called through the outbound guard: an address inside is refused before any call. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { say } from '../../shared/i18n';
import { setOutboundPolicy } from './outbound';
import { httpTranslation } from './translation';

const job = { sourceLanguage: 'en', targetLanguages: ['ja'], texts: [{ key: 'a', text: 'Hello' }], reference: 'org-1' };

afterAll(() => setOutboundPolicy({ allowLoopback: false }));

describe('httpTranslation', () => {
  it('on AWS refuses a service at a loopback or private address, or over plain http, and calls nothing', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      res.end('{"jobId":"j1"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      setOutboundPolicy({ allowLoopback: false });
      await expect(httpTranslation(`https://127.0.0.1:${port}`).push(job)).rejects.toMatchObject({ code: '400016', detail: say('outbound.addressRefused') });
      await expect(httpTranslation('https://169.254.169.254').push(job)).rejects.toMatchObject({ code: '400016', detail: say('outbound.addressRefused') });
      await expect(httpTranslation('http://translate.example.com').push(job)).rejects.toMatchObject({ code: '400016', detail: say('outbound.httpsOnly') });
      expect(calls).toBe(0);
      // the local server reaches its stand-in on loopback
      setOutboundPolicy({ allowLoopback: true });
      expect(await httpTranslation(`http://127.0.0.1:${port}`).push(job)).toEqual({ jobId: 'j1' });
      expect(calls).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
