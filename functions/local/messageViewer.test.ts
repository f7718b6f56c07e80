import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  apiAppHtml,
  fromTwilio,
  lettersHtml,
  lineHtml,
  MESSAGE_VIEWER_TEXTS,
  messageViewer,
  ownEmailHtml,
  ownMails,
  pushHtml,
  pushShown,
  smsHtml,
  tabBar,
  viewerLangOf,
} from './messageViewer';

const en = MESSAGE_VIEWER_TEXTS.en;

describe('the message viewer', () => {
  it("speaks the browser's language", () => {
    expect(viewerLangOf('ja-JP,ja;q=0.9,en;q=0.8')).toBe('ja');
    expect(viewerLangOf('fr-FR,zh-CN;q=0.8')).toBe('zh');
    expect(viewerLangOf(undefined)).toBe('en');
    expect(tabBar('sms', MESSAGE_VIEWER_TEXTS.ja)).toContain('<a href="/messages/sms" aria-current="page">SMS</a>');
  });

  it("shows the own providers' mails newest first, with sender, unsubscribe headers and the HTML framed without its images", () => {
    const smtp = [
      {
        at: 1,
        security: 'STARTTLS',
        from: 'news@bank.example',
        to: 'ann@example.com',
        replyTo: 'care@bank.example',
        subject: 'Older <sale>',
        headers: { 'list-unsubscribe': '<https://h.example/u/1>', 'list-unsubscribe-post': 'List-Unsubscribe=One-Click' },
        text: 'Hi',
        html: '<p>Hi</p><img src="https://h.example/o/1.gif">',
      },
    ];
    const api = [{ at: 2, from: 'news@shop.example', to: ['bo@example.com'], subject: 'Newer', headers: {}, text: 'Yo', html: '' }];
    const html = ownEmailHtml(ownMails(smtp, api), MESSAGE_VIEWER_TEXTS.ja);
    expect(html.indexOf('Newer')).toBeLessThan(html.indexOf('Older'));
    expect(html).toContain('Older &lt;sale&gt;');
    expect(html).toContain('組織の SMTP サーバー（STARTTLS）');
    expect(html).toContain('組織のメール API');
    expect(html).toContain('List-Unsubscribe-Post');
    expect(html).toContain('&lt;https://h.example/u/1&gt;');
    expect(html).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    // the pixel has no source to fetch
    expect(html).not.toMatch(/<img[^>]*\ssrc=/);
    expect(html).toContain('data-herald-src=');
  });

  it('shows an SMS with its number, parts and text, escaped', () => {
    const html = smsHtml([{ at: 0, parts: 2, encoding: 'UCS-2', request: { DestinationPhoneNumber: '+819012345678', MessageBody: 'Hi <b>there</b>' } }], en);
    expect(html).toContain('+819012345678');
    expect(html).toContain('2 part(s), UCS-2');
    expect(html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
  });

  it('shows a text Twilio took with its number, text and the sender it left from', () => {
    const twilio = fromTwilio({ at: 0, parts: 1, encoding: 'GSM-7', request: { To: '+15551230000', Body: 'Sale <today>', From: '+15005550006' } });
    const html = smsHtml([twilio], MESSAGE_VIEWER_TEXTS.ja);
    expect(html).toContain('data-to="+15551230000"');
    expect(html).toContain('Sale &lt;today&gt;');
    expect(html).toContain('Twilio 経由、送信元 +15005550006');
    expect(smsHtml([twilio], en)).toContain('Sent through Twilio from +15005550006');
  });

  it("reads a push notification from APNs' payload and from FCM's data, and never shows a whole token", () => {
    const buttons = [{ id: 'b1', text: 'Shop', action: 'WEBSITE' }];
    const apns = {
      address: 'f'.repeat(64),
      channelType: 'APNS',
      request: {
        MessageConfiguration: {
          APNSMessage: {
            Title: 'T',
            Body: 'B',
            RawContent: JSON.stringify({ aps: { alert: { title: 'Sale', body: 'Today' } }, herald: { buttons, media: { url: 'https://example.com/a.png' } } }),
          },
        },
      },
    };
    expect(pushShown(apns)).toMatchObject({ title: 'Sale', body: 'Today', buttons: [{ text: 'Shop', action: 'WEBSITE' }], media: 'https://example.com/a.png' });
    const gcm = {
      address: 'tok',
      channelType: 'GCM',
      request: { MessageConfiguration: { GCMMessage: { Title: 'Sale', Body: 'Today', Data: { 'herald.buttons': JSON.stringify(buttons) } } } },
    };
    expect(pushShown(gcm)).toMatchObject({ title: 'Sale', body: 'Today', buttons: [{ text: 'Shop', action: 'WEBSITE' }] });
    expect(pushHtml([apns], en)).not.toContain('f'.repeat(64));
  });

  it("shows a push an API application's server received: its path, authentication and answer, never a whole token", () => {
    const record = {
      at: 0,
      path: '/push/basic/shop',
      type: 'BasicAuth',
      status: 500,
      auth: { ok: false, scheme: 'Basic', who: 'herald' },
      body: { title: 'Sale <now>', body: 'Today', deviceId: 'phone-1', pushToken: 'a'.repeat(40), url: 'https://shop.example/c' },
    };
    const html = apiAppHtml([record], MESSAGE_VIEWER_TEXTS.ja);
    expect(html).toContain('Sale &lt;now&gt;');
    expect(html).toContain('/push/basic/shop (BasicAuth)');
    expect(html).toContain('Basic – 認証情報が拒否されました');
    expect(html).toContain('<dd data-testid="api-app-status">500</dd>');
    expect(html).not.toContain('a'.repeat(40));
    expect(apiAppHtml([], en)).toContain(en.none);
    expect(tabBar('apiApp', en)).toContain('<a href="/messages/api-apps" aria-current="page">API apps</a>');
  });

  it('draws LINE message objects as bubbles', () => {
    const html = lineHtml(
      [
        {
          at: 0,
          request: {
            to: 'Uabc',
            messages: [
              { type: 'text', text: 'Hello' },
              { type: 'template', altText: 'Menu', template: { type: 'buttons', text: 'Pick', actions: [{ label: 'Yes' }] } },
            ],
          },
        },
      ],
      en,
    );
    expect(html).toContain('<div class="bubble" data-testid="line-text">Hello</div>');
    expect(html).toContain('<li>Yes</li>');
  });

  it("groups the letters by run, with the run's merged PDF and manifest", () => {
    const run = 'tX-letters/1/plan-1/run-1';
    const html = lettersHtml([`${run}/acct-1.pdf`, `${run}/acct-2.pdf`, `${run}.pdf`, `${run}.csv`, 'tX-uploads/other.pdf'], en);
    expect(html.match(/data-testid="letter-file"/g)).toHaveLength(2);
    expect(html).toContain(`key=${encodeURIComponent(`${run}.pdf`)}`);
    expect(html).toContain('Manifest (CSV)');
    expect(html).not.toContain('other.pdf');
    expect(lettersHtml([], en)).toContain(en.none);
  });

  it('draws a tab in the page template, in the asked language, every placeholder filled', async () => {
    const handle = messageViewer({});
    const server = createServer((req, res) => void handle(req, res)).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/messages/sms`, { headers: { 'accept-language': 'ja' } });
      const page = await res.text();
      const ja = MESSAGE_VIEWER_TEXTS.ja;
      expect(page).toContain('<html lang="ja">');
      expect(page).toContain(`<title>SMS – ${ja.title}</title>`);
      expect(page).toContain('.herald-tabs a[aria-current=page]');
      expect(page).toContain(`<h1>${ja.title}: SMS</h1>`);
      expect(page).toContain(`<p role="alert">${ja.unavailable}</p>`);
      expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(page).not.toContain('{{');
    } finally {
      server.close();
    }
  });
});
