import { describe, expect, it } from 'vitest';
import { SMS_TEXT_MAX } from '../../../shared/content/sms';
import { LinkSigner, untracked } from '../links';
import { trackedLinks } from './index';

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
