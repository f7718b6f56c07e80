import { describe, expect, it } from 'vitest';
import { parseRichText } from './richText';

describe('rich text subset', () => {
  it('keeps the line breaks of plain text', () => {
    expect(parseRichText('one\ntwo\r\n\nthree <3 & more')).toEqual([
      { kind: 'text', text: 'one' },
      { kind: 'break' },
      { kind: 'text', text: 'two' },
      { kind: 'break' },
      { kind: 'break' },
      { kind: 'text', text: 'three <3 & more' },
    ]);
  });
  it('reads the editor paragraphs as lines and keeps bold, italic, underline and links', () => {
    expect(parseRichText('<p>Hi <strong>there</strong>,</p><p><br></p><p><em>see</em> <u><a href="https://a.example/?x=1&amp;y=2">this</a></u></p>')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'bold', children: [{ kind: 'text', text: 'there' }] },
      { kind: 'text', text: ',' },
      { kind: 'break' },
      { kind: 'break' },
      { kind: 'italic', children: [{ kind: 'text', text: 'see' }] },
      { kind: 'text', text: ' ' },
      { kind: 'underline', children: [{ kind: 'link', href: 'https://a.example/?x=1&y=2', children: [{ kind: 'text', text: 'this' }] }] },
    ]);
  });
  it('unwraps other elements and drops script-like ones with their content', () => {
    expect(parseRichText('<span style="x">a</span><script>b</script><STYLE>c</STYLE ><svg><g>d</g></svg><font>e</font>')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'text', text: 'e' },
    ]);
  });
  it('reads quoted attribute values with > inside and takes the first href only', () => {
    expect(parseRichText(`<a title="a>b" href='https://a.example/' href="javascript:x">t</a>`)).toEqual([
      { kind: 'link', href: 'https://a.example/', children: [{ kind: 'text', text: 't' }] },
    ]);
    expect(parseRichText(`<a title=" href=javascript:x" href=https://b.example>t</a>`)[0]).toMatchObject({ href: 'https://b.example' });
  });
  it('closes a link that another link opens inside, and unmatched closing tags do nothing', () => {
    expect(parseRichText('<a href="https://a.example">1<a href="https://b.example">2</a></b></a>3')).toEqual([
      { kind: 'link', href: 'https://a.example', children: [{ kind: 'text', text: '1' }] },
      { kind: 'link', href: 'https://b.example', children: [{ kind: 'text', text: '2' }] },
      { kind: 'text', text: '3' },
    ]);
  });
  it('drops an unfinished tag at the end and skips comments', () => {
    expect(parseRichText('<b>a</b><!-- <script> -->b<img src=x onerror="')).toEqual([
      { kind: 'bold', children: [{ kind: 'text', text: 'a' }] },
      { kind: 'text', text: 'b' },
    ]);
  });
  it('limits nesting depth', () => {
    const deep = parseRichText('<b>'.repeat(1000) + 'x');
    let depth = 0;
    for (let node = deep[0]; node && 'children' in node; node = node.children[0]) depth++;
    expect(depth).toBe(16);
  });
});
