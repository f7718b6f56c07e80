import { describe, expect, it } from 'vitest';
import { smsTemplateSchema } from '../../../shared/content';
import { SMS_TEXT_MAX, smsAsEstimated } from '../../../shared/content/sms';
import { countSms } from '../../../shared/sms/segments';
import { LinkSigner, untracked } from '../links';
import { smsAdapter, trackedLinks } from './index';

const links = () => new LinkSigner(new Uint8Array(32), 'https://portal.example').forRecipient({ o: 1, p: 'p1', r: 'r1', a: 'a1', c: 'SMS' });

describe("an SMS text's links", () => {
  it('go out tracked by place, a closing full stop or bracket left outside the link', () => {
    const l = links();
    const text = trackedLinks('Sale: https://shop.example/a?x=1. Map (http://map.example/b)! Mail us.', l);
    expect(text).toMatch(/^Sale: https:\/\/portal\.example\/service\/t\/c\/[\w-]+\. Map \(https:\/\/portal\.example\/service\/t\/c\/[\w-]+\)! Mail us\.$/);
    expect(l.linkTable()).toEqual(['https://shop.example/a?x=1', 'http://map.example/b']);
  });

  it('stay as written when the tracked links would take the text past the SMS maximum, or tracking is off', () => {
    const long = `${'x'.repeat(SMS_TEXT_MAX - 40)} https://shop.example/a`;
    expect(trackedLinks(long, links())).toBe(long);
    expect(trackedLinks('See https://shop.example/a', untracked(links()))).toBe('See https://shop.example/a');
    expect(trackedLinks('No link here, www.example.com is not one', links())).toBe('No link here, www.example.com is not one');
  });
});

describe("an SMS template's choice of tracked links", () => {
  const template = (trackLinks?: boolean) =>
    smsTemplateSchema.parse({
      channel: 'SMS',
      defaultLanguage: 'en',
      contents: { en: { text: 'Sale: https://shop.example/a', stopFooter: false, ...(trackLinks === undefined ? {} : { trackLinks }) } },
    });
  // ids of the lengths a real send has: a plan's UUID, a run of a due time, an account id of an organization's own
  const realLinks = () =>
    new LinkSigner(new Uint8Array(32), 'https://portal.example').forRecipient({
      o: 12,
      p: '0f8e6f0e-1b2c-4d5e-8f9a-0b1c2d3e4f50',
      r: 'r1795000000000',
      a: 'customer-000042',
      c: 'SMS',
    });
  const render = (trackLinks?: boolean) =>
    smsAdapter.prepare({ kind: 'SMS', template: template(trackLinks) }, { messageType: 1 })!({ accountId: 'customer-000042', address: '+14155550100' } as never, realLinks());

  it('sends the links as written unless the template asks to track them: a tracked link costs parts', () => {
    expect(render().text).toBe('Sale: https://shop.example/a');
    expect(render(false).text).toBe('Sale: https://shop.example/a');
    expect(render(true).text).toMatch(/^Sale: https:\/\/portal\.example\/service\/t\/c\/[\w-]+$/);
  });

  it('counts the parts before sending with links as long as the sent ones, when tracked', () => {
    const sent = render(true);
    const estimated = smsAsEstimated({ text: 'Sale: https://shop.example/a', stopFooter: false, trackLinks: true }, 'en', 'https://portal.example');
    expect(Math.abs(estimated.length - sent.text.length)).toBeLessThan(20);
    expect(countSms(estimated).segments).toBe(sent.parts);
    expect(smsAsEstimated({ text: 'Sale: https://shop.example/a', stopFooter: false }, 'en', 'https://portal.example')).toBe('Sale: https://shop.example/a');
  });
});
