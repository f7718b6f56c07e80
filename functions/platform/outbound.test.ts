/**
 * The outbound guard against real local servers: every form of an address inside refused on the AWS rule (with
 * nothing reaching the server), loopback allowed on the local server's rule and nothing else inside, https on
 * AWS, redirects followed only on the same host, and a 200 MB answer refused while the process's memory stays put.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { OUTBOUND_TEXTS, textsIn } from '../../shared/i18n';
import { OUTBOUND_MAX_BYTES, outboundFetch, setOutboundPolicy } from './outbound';

const aws = { allowLoopback: false };
const local = { allowLoopback: true };

let server: Server;
let port: number;
/** every request the server was sent, by path */
const seen: string[] = [];
/** bytes of the large answer written before the client went away */
let largeWritten = 0;

const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const LARGE = 200 * 1024 * 1024;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/large' || req.url === '/large-declared') {
      if (req.url === '/large-declared') res.setHeader('content-length', LARGE);
      res.setHeader('content-type', 'application/json');
      largeWritten = 0;
      const pump = () => {
        while (largeWritten < LARGE) {
          largeWritten += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      return pump();
    }
    if (req.url === '/hop') return void res.writeHead(302, { location: '/doc' }).end();
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/elsewhere') return void res.writeHead(302, { location: `http://localhost:${port}/doc` }).end();
    if (req.url === '/echo') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      return void req.on('end', () => res.end(JSON.stringify({ method: req.method, type: req.headers['content-type'], body: Buffer.concat(chunks).toString() })));
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ issuer: 'https://idp.example' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  setOutboundPolicy(aws);
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  seen.length = 0;
});

/** The refusal's detail as a reader of each language gets it. */
async function refusal(url: string, init?: Parameters<typeof outboundFetch>[1]) {
  const e = await outboundFetch(url, init).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).code).toBe('400016');
  const detail = (e as AppError).detail ?? '';
  return { en: textsIn(detail, 'en'), zh: textsIn(detail, 'zh'), ja: textsIn(detail, 'ja') };
}

describe('addresses on AWS', () => {
  it.each([
    ['IPv4 loopback', 'https://127.0.0.1:PORT/'],
    ['IPv4 short form', 'https://127.1/'],
    ['IPv4 hexadecimal', 'https://0x7f000001/'],
    ['IPv4 decimal', 'https://2130706433/'],
    ['IPv6 loopback', 'https://[::1]/'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/'],
    ['link-local (instance metadata)', 'https://169.254.169.254/latest/meta-data/'],
    ['private 10/8', 'https://10.0.0.1/'],
    ['private 172.16/12', 'https://172.16.5.4/'],
    ['private 192.168/16', 'https://192.168.1.1/'],
    ['unique local IPv6 fc00::/7', 'https://[fd00::1]/'],
    ['link-local IPv6 fe80::/10', 'https://[fe80::1]/'],
    ['unspecified', 'https://0.0.0.0/'],
    ['IPv6 unspecified', 'https://[::]/'],
  ])('refuses %s (%s)', async (_, url) => {
    setOutboundPolicy(aws);
    expect(await refusal(url.replace('PORT', String(port)))).toEqual(OUTBOUND_TEXTS.addressRefused);
  });

  it('refuses a host name that resolves to loopback, and nothing reaches the server there', async () => {
    setOutboundPolicy(aws);
    // https to the plain server would fail anyway: the refusal must come before any connection
    expect(await refusal(`https://localhost:${port}/`)).toEqual(OUTBOUND_TEXTS.addressRefused);
    expect(seen).toEqual([]);
  });

  it('refuses plain http, and says so in en, zh and ja', async () => {
    setOutboundPolicy(aws);
    const detail = await refusal('http://example.com/');
    expect(detail).toEqual(OUTBOUND_TEXTS.httpsOnly);
    expect(detail).toMatchObject({ en: expect.stringContaining('https://'), zh: expect.stringContaining('https://'), ja: expect.stringContaining('https://') });
    expect(await refusal('file:///etc/passwd')).toEqual(OUTBOUND_TEXTS.badUrl);
    expect(await refusal('not a url')).toEqual(OUTBOUND_TEXTS.badUrl);
  });
});

describe('addresses on the local server', () => {
  it('reaches loopback, by address and by name, over http', async () => {
    setOutboundPolicy(local);
    const res = await outboundFetch(`http://127.0.0.1:${port}/doc`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ issuer: 'https://idp.example' });
    expect((await outboundFetch(`http://localhost:${port}/doc`)).status).toBe(200);
    expect(seen).toEqual(['/doc', '/doc']);
  });

  it('still refuses private, link-local and unspecified addresses', async () => {
    setOutboundPolicy(local);
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/', 'http://192.168.0.1/', 'http://[fe80::1]/', 'http://[fc00::1]/', 'http://0.0.0.0/']) {
      expect(await refusal(url)).toEqual(OUTBOUND_TEXTS.addressRefused);
    }
  });

  it('sends a form body with its type, as fetch does', async () => {
    setOutboundPolicy(local);
    const res = await outboundFetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', body: new URLSearchParams({ code: 'a b' }) });
    expect(await res.json()).toEqual({ method: 'POST', type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'code=a+b' });
  });
});

describe('redirects', () => {
  it('follows one on the same host, and refuses one to another host without calling it', async () => {
    setOutboundPolicy(local);
    const res = await outboundFetch(`http://127.0.0.1:${port}/hop`);
    expect(await res.json()).toEqual({ issuer: 'https://idp.example' });
    expect(seen).toEqual(['/hop', '/doc']);
    seen.length = 0;
    // localhost is the same machine but another host: not followed
    expect(await refusal(`http://127.0.0.1:${port}/elsewhere`)).toEqual(OUTBOUND_TEXTS.redirectElsewhere);
    expect(seen).toEqual(['/elsewhere']);
  });

  it('stops after a few hops on the same host', async () => {
    setOutboundPolicy(local);
    expect(await refusal(`http://127.0.0.1:${port}/loop`)).toEqual(OUTBOUND_TEXTS.redirectElsewhere);
    expect(seen.length).toBe(4);
  });

  it('hands a POST its redirect answer instead of following it', async () => {
    setOutboundPolicy(local);
    const res = await outboundFetch(`http://127.0.0.1:${port}/hop`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(302);
    expect(seen).toEqual(['/hop']);
  });
});

describe('answer size', () => {
  const rssMb = () => process.memoryUsage().rss / 2 ** 20;

  it.each(['/large', '/large-declared'])('refuses a 200 MB answer (%s), with memory within 50 MB of where it was', async (path) => {
    setOutboundPolicy(local);
    global.gc?.();
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 5);
    try {
      expect(await refusal(`http://127.0.0.1:${port}${path}`)).toEqual({
        en: `The server answered more than ${OUTBOUND_MAX_BYTES} bytes, so Herald stopped reading.`,
        zh: `服务器返回的内容超过 ${OUTBOUND_MAX_BYTES} 字节，因此 Herald 停止了读取。`,
        ja: `サーバーの応答が ${OUTBOUND_MAX_BYTES} バイトを超えたため、Herald は読み込みを止めました。`,
      });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssMb());
    console.info(
      `outbound ${path}: rss ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB at most (+${(peak - before).toFixed(1)} MB); server wrote ${(largeWritten / 2 ** 20).toFixed(1)} MB`,
    );
    expect(peak - before).toBeLessThan(50);
    // the server was cut off long before it could send its 200 MB
    await expect.poll(() => largeWritten).toBeGreaterThan(0);
    expect(largeWritten).toBeLessThan(32 * 1024 * 1024);
  });

  it('reads an answer up to its limit', async () => {
    setOutboundPolicy(local);
    const res = await outboundFetch(`http://127.0.0.1:${port}/doc`, { maxBytes: 100 });
    expect(await res.json()).toEqual({ issuer: 'https://idp.example' });
    expect(await refusal(`http://127.0.0.1:${port}/doc`, { maxBytes: 10 })).toMatchObject({ en: expect.stringContaining('more than 10 bytes') });
  });
});

describe('https', () => {
  it('still verifies the certificate when the connection goes to the checked address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-tls-'));
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
      { stdio: 'ignore' },
    );
    const tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    try {
      setOutboundPolicy(local);
      // a certificate no authority signed is refused as fetch refuses it: a network failure, not an answer
      const e = await outboundFetch(`https://localhost:${tlsPort}/`).catch((e: unknown) => e);
      expect(e).toBeInstanceOf(TypeError);
      expect(String((e as Error).cause)).toMatch(/self[- ]signed/i);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});
