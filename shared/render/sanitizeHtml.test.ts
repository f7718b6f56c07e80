import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

/** Nothing that can run: no script element, no handler, no script URL, no unsafe style. */
function inert(html: string): boolean {
  return !/<script|<iframe|<object|<embed|<svg|\son[a-z]+\s*=|javascript:|vbscript:|data:text|expression\(|srcdoc/i.test(html);
}

describe('uploaded HTML', () => {
  it('keeps a normal email layout', () => {
    const html =
      '<!DOCTYPE html><html><body><table width="600" cellpadding="0"><tr><td style="color:#333"><a href="https://example.com/?a=1&amp;b=2" target="_blank">Shop</a><img src="https://cdn.example.com/a.png" alt="A"></td></tr></table></body></html>';
    expect(sanitizeHtml(html)).toBe(
      '<html><body><table width="600" cellpadding="0"><tr><td style="color:#333"><a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">Shop</a><img src="https://cdn.example.com/a.png" alt="A"></td></tr></table></body></html>',
    );
  });

  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//x.example/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="  JaVaScRiPt:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<svg><script>alert(1)</script></svg>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<div style="width: expression(alert(1))">x</div>',
    '<body onload=alert(1)>',
    '<scr<script>ipt>alert(1)</script>',
    '<<script>script>alert(1)//<</script>/script>',
    '<!--<img src=x onerror=alert(1)>-->',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<img src=x:alert(alt) onerror=eval(src) alt=0>',
    '<form action="javascript:alert(1)"><input type=submit></form>',
    '<object data="javascript:alert(1)"></object>',
    '"><img src=x onerror=alert(1)>',
  ])('leaves nothing executable of %s', (attack) => {
    const out = sanitizeHtml(attack);
    expect(inert(out), out).toBe(true);
  });

  it('escapes stray angle brackets in text', () => {
    expect(sanitizeHtml('1 < 2 and 3 > 2')).toBe('1 &lt; 2 and 3 &gt; 2');
  });
});
