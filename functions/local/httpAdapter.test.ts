/** The local HTTP adapter: a fault outside the handler's own answer is told to the log and answered with 400000, never a stack. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer } from './httpAdapter';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

describe('local HTTP adapter', () => {
  it('tells a handler that throws (a timeout) to onFault and answers 400000', async () => {
    const faults: { message: string; path: string }[] = [];
    server = await startHttpServer({
      handler: (async () => {
        throw new Error('Timeout: the request ran past its time');
      }) as never,
      webRoot: '/nonexistent',
      port: 0,
      onFault: (err, path) => faults.push({ message: (err as Error).message, path }),
    });
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/service/web/api/index`, { method: 'POST', body: '{}' });
    const body = await res.json();
    expect(body).toMatchObject({ state: 'F', errorCode: '400000' });
    expect(JSON.stringify(body)).not.toContain('Timeout');
    expect(faults).toEqual([{ message: 'Timeout: the request ran past its time', path: '/service/web/api/index' }]);
  });
});
