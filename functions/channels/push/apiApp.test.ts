/**
 * The parts of the API application push that need no server: how long a token is kept, what a send record says
 * of an answer, the payload, and the address guard every call goes through (on AWS: public https addresses only,
 * each address the host resolves to checked, IPv4 and IPv6; the local server also reaches loopback).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { say, textsIn } from '../../../shared/i18n';
import { OUTBOUND_TEXTS } from '../../../shared/i18n';
import { setOutboundPolicy } from '../../platform/outbound';
import { apiAppPayload } from './apiApp';
import { httpCall } from './apiAppHttp';
import { excerpt, keepMs, tokenProblem } from './apiAppToken';
import type { OutboundPush } from './outbound';

afterEach(() => setOutboundPolicy({ allowLoopback: false }));

describe('an OAuth token', () => {
  it('is kept until shortly before it expires: a minute before, or a tenth of a short lifetime', () => {
    expect(keepMs(3600)).toBe(3_540_000);
    expect(keepMs(60)).toBe(54_000);
    expect(keepMs(undefined)).toBe(270_000);
    expect(keepMs(-5)).toBe(270_000);
  });

  it('that the token endpoint refuses says its status and the start of its answer, and a 5xx may be tried again', () => {
    expect(tokenProblem({ kind: 'answer', status: 401, text: '{"error":"invalid_client"}' })).toEqual({
      retryable: false,
      detail: 'The token endpoint answered HTTP 401. Its answer began: {"error":"invalid_client"}',
    });
    expect(tokenProblem({ kind: 'answer', status: 503, text: '' }).retryable).toBe(true);
    expect(tokenProblem({ kind: 'unsent', code: 'ECONNREFUSED' })).toEqual({ retryable: true, detail: 'The token endpoint could not be reached (ECONNREFUSED).' });
  });
});

describe('a send record of an API application', () => {
  it('keeps a short excerpt of the answer on one line, and reads in the reader’s language', () => {
    expect(excerpt('  <html>\n<body>Bad   gateway</body></html> ')).toEqual('Its answer began: <html> <body>Bad gateway</body></html>');
    expect(textsIn(excerpt('x'.repeat(500)), 'en')).toHaveLength('Its answer began: '.length + 201);
    expect(excerpt('')).toBe('');
    const detail = `${say('push.apiAnswered', { status: 500, attempts: 3 })} ${excerpt('{"error":"boom"}')}`;
    expect(textsIn(detail, 'ja')).toBe('アプリケーションの送信先は 3 回の試行の後、HTTP 500 を返しました。 応答の冒頭： {"error":"boom"}');
    expect(textsIn(detail, 'zh')).toBe('应用端点在 3 次尝试后返回了 HTTP 500。 其响应开头为： {"error":"boom"}');
  });
});

describe('the payload', () => {
  it('carries the rendered message, the device and whose message it is', () => {
    // what the device shows goes into the payload as rendered
    const shown = {
      language: 'ja',
      contentType: 'url',
      title: 'T',
      subtitle: 'S',
      body: 'B',
      url: 'https://x.example/c',
      buttons: [{ id: 'b1', text: 'Go', action: 'WEBSITE', value: 'https://x.example/b' }],
      media: { type: 'THUMBNAIL', url: 'https://cdn.example/m.png' },
      extras: { promo: 'A' },
    } as const;
    const message: OutboundPush = {
      channel: 'PUSH_NATIVE',
      to: 'token-1',
      accountId: 'acc-1',
      deviceId: 'dev-1',
      tags: { org: '1', plan: 'p', run: 'r' },
      rendered: { ...shown, buttons: [...shown.buttons], sound: '', expiry: { kind: 'NONE' }, priority: 'SEND_ANYWAY', inboxMode: 'PUSH_ONLY' },
    };
    expect(apiAppPayload(message, { planId: 'p', runId: 'r', messageId: 'p:r:acc-1:dev-1' })).toEqual({
      messageId: 'p:r:acc-1:dev-1',
      planId: 'p',
      runId: 'r',
      accountId: 'acc-1',
      deviceId: 'dev-1',
      pushToken: 'token-1',
      ...shown,
      priority: 'SEND_ANYWAY',
    });
  });
});

describe('the address guard of a push to an API application', () => {
  const call = (url: string) => httpCall(url, { headers: {}, body: '{}', timeoutMs: 2000 });
  const refused = { kind: 'refused', detail: OUTBOUND_TEXTS.addressRefused.en };

  it('on AWS refuses loopback, private, link-local and unspecified addresses, IPv4 and IPv6, by address and by name, before connecting', async () => {
    setOutboundPolicy({ allowLoopback: false });
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '100.64.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '[::1]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      'localhost',
    ]) {
      expect(await call(`https://${host}/push`), host).toEqual(refused);
    }
    expect(await call('http://api.example.com/push')).toEqual({ kind: 'refused', detail: OUTBOUND_TEXTS.httpsOnly.en });
  });

  it('on the local server reaches loopback (the stand-in), and still refuses the private network', async () => {
    setOutboundPolicy({ allowLoopback: true });
    // nobody listens on port 9 of loopback: the call was allowed and found no server
    expect(await call('http://127.0.0.1:9/push')).toEqual({ kind: 'unsent', code: 'ECONNREFUSED' });
    expect(await call('https://10.0.0.1/push')).toEqual(refused);
    expect(await call('https://[fe80::1]/push')).toEqual(refused);
  });
});
