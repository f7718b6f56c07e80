import { describe, expect, it } from 'vitest';
import { decodeEntities, escapeHtml, isLightColor, readableOn, safeColor, safeUrl, style } from './html';

describe('output helpers', () => {
  it('escapes every character that could open markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;');
    expect(escapeHtml('plain')).toBe('plain');
  });
  it('decodes numeric references with or without ;, and the XSS-classic names', () => {
    expect(decodeEntities('&#106;&#x61;&#0000118a&colon;&Tab;&NewLine;&amp;&unknown;')).toBe('java:\t\n&&unknown;');
    expect(decodeEntities('&#0;&#xD800;&#99999999;')).toBe('\ufffd\ufffd\ufffd');
  });
  it('lets links through only with http, https, mailto or tel, and images with http or https', () => {
    expect(safeUrl('https://example.com/a?b=1&c=2')).toBe('https://example.com/a?b=1&c=2');
    expect(safeUrl('  HTTP://example.com  ')).toBe('HTTP://example.com');
    expect(safeUrl('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeUrl('tel:+81312345678')).toBe('tel:+81312345678');
    expect(safeUrl('mailto:a@example.com', 'image')).toBeNull();
    expect(safeUrl('https://example.com/a.png', 'image')).toBe('https://example.com/a.png');
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/relative',
      'https:///x',
      'https:\\\\evil',
      'java\u0000script:x',
      'https://a.example/\u0000x',
      '',
    ]) {
      expect(safeUrl(bad), JSON.stringify(bad)).toBeNull();
    }
  });
  it('removes tabs and line breaks and percent-encodes what could end an attribute', () => {
    expect(safeUrl('ht\ntps://example.com/a b"c\'d<e>f`g')).toBe('https://example.com/a%20b%22c%27d%3Ce%3Ef%60g');
  });
  it('checks colours against the spec rule and tells light ones (every channel over 200)', () => {
    expect(safeColor('#abcdef', '#000000')).toBe('#ABCDEF');
    expect(safeColor('red;x:expression(1)', '#000000')).toBe('#000000');
    expect(isLightColor('#C9C9C9')).toBe(true);
    expect(isLightColor('#C8FFFF')).toBe(false);
  });
  it('leaves empty style values out (spec 001 section 5)', () => {
    expect(style({ color: '#000000', width: '', height: undefined, margin: '0' })).toBe('color:#000000;margin:0');
  });
});

describe('readableOn', () => {
  it('takes the dark text on light and mid-tone colours and white on dark ones, by WCAG contrast', () => {
    // the default brand colour: white on it is 1.9:1, dark 8.5:1
    expect(readableOn('#33CCFF', '#222222')).toBe('#222222');
    expect(readableOn('#FFFFFF', '#222222')).toBe('#222222');
    expect(readableOn('#F4F4F4', '#555555')).toBe('#555555');
    expect(readableOn('#0B6E99', '#222222')).toBe('#FFFFFF');
    expect(readableOn('#000000', '#555555')).toBe('#FFFFFF');
    expect(readableOn('not a colour', '#222222')).toBe('#FFFFFF');
  });
});
