import { describe, expect, it } from 'vitest';
import { lookupValue, personalizeHtml, personalizeText, personalizeUrl } from './personalize';

const ann = { firstName: 'Ann', lastName: '', count: 3, vip: false, attributes: { plan: 'Gold', tier: { name: 'A<b>' }, tags: ['x', 'y'] } };

describe('personalisation tokens', () => {
  it('fills names, dotted paths and fallbacks', () => {
    expect(personalizeText('Hi {{firstName}}, plan {{ attributes.plan }} ({{attributes.tier.name}})', ann)).toBe('Hi Ann, plan Gold (A<b>)');
    expect(personalizeText('Hi {{lastName|there}} {{nickname | friend }}!', ann)).toBe('Hi there friend!');
    expect(personalizeText('{{count}} {{vip}} {{attributes.tags.1}}', ann)).toBe('3 false y');
  });
  it('fills attributes named in any script', () => {
    const member = { lastName: '山田', attributes: { 会員ランク: 'ゴールド', 会员等级: '金卡' } };
    expect(personalizeText('{{lastName}}様（{{attributes.会員ランク}}）{{attributes.会员等级}} {{attributes.ポイント|0}}', member)).toBe('山田様（ゴールド）金卡 0');
    expect(personalizeUrl('{{attributes.会員ランク|https://shop.example}}/x', member)).toContain('ゴールド');
  });
  it('renders unknown tokens as their fallback or nothing', () => {
    expect(personalizeText('[{{unknown}}][{{attributes.none.deeper|-}}][{{}}][{{ 1+1 |two}}]', ann)).toBe('[][-][][two]');
  });
  it('never evaluates anything and never reads inherited properties', () => {
    const tokens = "{{constructor}}{{constructor.name}}{{__proto__}}{{toString}}{{attributes.plan.length}}{{constructor.constructor('return 1')()}}{{this}}{{process.env.HOME}}";
    expect(personalizeText(tokens, ann)).toBe('');
    expect(lookupValue(ann, 'attributes')).toBeUndefined(); // objects are no text
    expect(lookupValue(JSON.parse('{"__proto__":{"polluted":"own data"}}'), '__proto__.polluted')).toBe('own data');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('inserts a value once: a value that looks like a token stays as it is', () => {
    expect(personalizeText('{{firstName}}', { firstName: '{{secret}}', secret: 'no' })).toBe('{{secret}}');
  });
  it('escapes template text and values for HTML, not for plain text', () => {
    const eve = { firstName: '<img src=x onerror=alert(1)> & "Eve"' };
    expect(personalizeHtml('<b>{{firstName}}</b>', eve)).toBe('&lt;b&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Eve&quot;&lt;/b&gt;');
    expect(personalizeHtml('{{missing|<i>you</i>}}', eve)).toBe('&lt;i&gt;you&lt;/i&gt;');
    expect(personalizeText('Hi {{firstName}}', eve)).toBe('Hi <img src=x onerror=alert(1)> & "Eve"');
  });
  it('percent-encodes values inside a URL and lets a leading token give the whole URL', () => {
    expect(personalizeUrl('https://shop.example/?n={{firstName}}&p={{attributes.plan|none}}', { firstName: 'A&B =1', attributes: {} })).toBe(
      'https://shop.example/?n=A%26B%20%3D1&p=none',
    );
    expect(personalizeUrl(' {{attributes.url}}?x={{firstName}}', { attributes: { url: 'https://a.example/p' }, firstName: '"' })).toBe(' https://a.example/p?x=%22');
  });
});
