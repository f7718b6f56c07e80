import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, BLOCKS, blockSchema, blockTypesOf, createBlock, isBlockType, renderBlock, type BlockInput, type BlockType } from './blocks';
import { IN_APP_CSP, renderInApp } from './inApp';
import { createRenderContext } from './context';
import { THEME_DEFAULT } from './fields';
import { textsIn } from '../i18n';

const render = (input: BlockInput, recipient = {}) => renderBlock(blockSchema.parse(input), createRenderContext(recipient, { ...THEME_DEFAULT }));
const issues = (input: unknown) => {
  const result = blockSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${textsIn(issue.message, 'en')}`);
};

describe('block registry', () => {
  it('holds each block under its type, with a default instance its own schema accepts', () => {
    expect.hasAssertions();
    for (const type of BLOCK_TYPES) {
      expect(isBlockType(type)).toBe(true);
      const block = createBlock(type);
      expect(block.type).toBe(type);
      expect(BLOCKS[type].schema.parse(block)).toEqual(block);
      expect(block).toMatchObject({ align: expect.any(String), padding: expect.any(String) });
    }
  });
  it('renders each filled-in block in every form that offers it, and nothing in a form that does not', () => {
    expect.hasAssertions();
    const ctx = createRenderContext({}, { ...THEME_DEFAULT });
    for (const type of BLOCK_TYPES) {
      for (const form of ['email', 'inApp'] as const) {
        const html = renderBlock(blockSchema.parse(EXAMPLES[type]), ctx, form).html;
        if (blockTypesOf(form).includes(type)) expect(html, `${type} in ${form}`).toMatch(/^<tr>.*<\/tr>$/s);
        else expect(html, `${type} in ${form}`).toBe('');
      }
    }
  });
  it('renders nothing for a type it does not know yet, or for no block at all', () => {
    const ctx = createRenderContext({}, { ...THEME_DEFAULT });
    expect(renderBlock({ type: 'poll', text: 'Like it?' }, ctx)).toEqual({ html: '', text: '' });
    expect(renderBlock(null, ctx)).toEqual({ html: '', text: '' });
    expect(renderBlock({ type: '__proto__' }, ctx)).toEqual({ html: '', text: '' });
  });
});

describe("new blocks' starting texts", () => {
  it('start in the content language: Japanese and Chinese texts, English otherwise', () => {
    expect(createBlock('button', 'ja').text).toBe('詳しく見る');
    expect(createBlock('button', 'zh-TW').text).toBe('了解详情');
    expect(createBlock('paragraph', 'zh').text).toBe('在此输入正文。');
    expect(createBlock('list', 'ja').items).toEqual(['1つ目の項目', '2つ目の項目', '3つ目の項目']);
    expect(createBlock('button', 'fr').text).toBe('Learn more');
    expect(createBlock('heading').text).toBe('Heading');
  });
  it('keep every other default, and each block valid in its schema', () => {
    for (const type of BLOCK_TYPES) {
      for (const language of ['ja', 'zh']) {
        const block = createBlock(type, language);
        expect(blockSchema.parse(block), `${type} ${language}`).toEqual(block);
      }
    }
    expect(createBlock('button', 'ja').backgroundColor).toBe('#33CCFF');
    expect(createBlock('textLinkGroup', 'ja').items[0]).toEqual({ text: 'ウェブサイト', href: 'https://example.com' });
  });
  it('are copies: editing one block leaves the next one alone', () => {
    const first = createBlock('list', 'zh');
    first.items.push('第四项');
    expect(createBlock('list', 'zh').items).toHaveLength(3);
  });
});

describe('defaults (spec 001 sections 3.6 and 9)', () => {
  it('gives spacing a height of 8 and buttons the colour #33CCFF', () => {
    expect(createBlock('spacer').height).toBe(8);
    expect(createBlock('button').backgroundColor).toBe('#33CCFF');
  });
  it('falls back to the default when a required field is empty', () => {
    expect(blockSchema.parse({ type: 'heading', text: '  ' })).toMatchObject({ text: 'Heading' });
    expect(blockSchema.parse({ type: 'button', text: '', backgroundColor: '' })).toMatchObject({ text: 'Learn more', backgroundColor: '#33CCFF' });
    expect(blockSchema.parse({ type: 'divider', color: '' })).toMatchObject({ color: '#DDDDDD' });
  });
  it('strips px from width and height and keeps percent and auto', () => {
    const parse = (width: unknown, height: unknown = '') => blockSchema.parse({ type: 'image', width, height });
    expect(parse('300px', '120px')).toMatchObject({ width: '300', height: '120' });
    expect(parse(' 50% ', 'auto')).toMatchObject({ width: '50%', height: 'auto' });
    expect(parse(240)).toMatchObject({ width: '240' });
    expect(parse('AUTO')).toMatchObject({ width: 'auto' });
  });
});

describe('maxima and messages', () => {
  it('refuses widths beyond the 600px layout or 100%, and spacing beyond 200', () => {
    expect(issues({ type: 'image', width: '601px' })).toEqual(['width: The width must be a number of pixels up to 600, a percentage or auto.']);
    expect(issues({ type: 'image', width: '101%' })).toHaveLength(1);
    expect(issues({ type: 'image', width: '10em' })).toHaveLength(1);
    expect(issues({ type: 'button', width: 601 })).toEqual(['width: The width must be between 0 and 600.']);
    expect(issues({ type: 'spacer', height: 201 })).toEqual(['height: The height must be between 0 and 200.']);
    expect(issues({ type: 'spacer', height: 2.5 })).toHaveLength(1);
  });
  it('refuses over-long texts', () => {
    expect(issues({ type: 'heading', text: 'x'.repeat(301) })).toEqual(['text: The text may be at most 300 characters.']);
    expect(issues({ type: 'paragraph', text: 'x'.repeat(20_001) })).toHaveLength(1);
    expect(issues({ type: 'button', text: 'x'.repeat(101) })).toHaveLength(1);
    expect(issues({ type: 'image', alt: 'x'.repeat(301) })).toHaveLength(1);
  });
  it("answers a bad colour with the spec's message", () => {
    expect(issues({ type: 'button', backgroundColor: '#33CCF' })).toEqual(['backgroundColor: Invalid HEX color format']);
    expect(issues({ type: 'spacer', backgroundColor: 'red' })).toEqual(['backgroundColor: Invalid HEX color format']);
  });
  it('takes full links of allowed schemes or a leading personalisation token, nothing else', () => {
    expect(issues({ type: 'button', href: 'javascript:alert(1)' })).toEqual(['href: Please enter a full link for the href (http, https, mailto or tel).']);
    expect(issues({ type: 'image', image: 'data:image/png;base64,AAAA' })).toEqual(['image: Please enter a full http or https link for the image.']);
    expect(issues({ type: 'image', image: 'mailto:a@example.com' })).toHaveLength(1);
    expect(issues({ type: 'button', href: '/relative' })).toHaveLength(1);
    expect(issues({ type: 'button', href: '{{attributes.offerUrl}}' })).toEqual([]);
    expect(issues({ type: 'button', href: 'mailto:shop@example.com' })).toEqual([]);
  });
  it('refuses unknown align and padding options and unknown block types', () => {
    expect(issues({ type: 'heading', align: 'justify' })).toHaveLength(1);
    expect(issues({ type: 'heading', padding: '10px' })).toHaveLength(1);
    expect(issues({ type: 'poll' })).toHaveLength(1);
  });
});

describe('rendering, one snapshot per block', () => {
  it('heading', () => {
    expect(render({ type: 'heading', text: 'Spring sale', level: 1, align: 'center', color: '#112233' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><h1 style="margin:0;font-family:Arial,Helvetica,sans-serif;font-size:28px;line-height:36px;font-weight:bold;color:#112233">Spring sale</h1></td></tr>",
        "text": "Spring sale",
      }
    `);
    expect(render({ type: 'heading' }).html).toMatchInlineSnapshot(
      `"<tr><td align="left" class="hd-px" style="padding:8px 24px;text-align:left"><h2 style="margin:0;font-family:Arial,Helvetica,sans-serif;font-size:22px;line-height:30px;font-weight:bold;color:#333333">Heading</h2></td></tr>"`,
    );
  });
  it('paragraph', () => {
    expect(
      render(
        { type: 'paragraph', text: '<p>Hi <b>{{firstName|there}}</b>,</p><p>see <a href="https://shop.example/?id={{id}}">our <i>offers</i></a>.</p>' },
        { firstName: 'Ann & Bo', id: 'a/1' },
      ),
    ).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="left" class="hd-px" style="padding:8px 24px;text-align:left"><div style="margin:0;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px;color:#333333">Hi <strong>Ann &amp; Bo</strong>,<br>see <a href="https://shop.example/?id=a%2F1" target="_blank" rel="noopener" style="color:#33CCFF;text-decoration:underline">our <em>offers</em></a>.</div></td></tr>",
        "text": "Hi Ann & Bo,
      see our offers (https://shop.example/?id=a%2F1).",
      }
    `);
  });
  it('image', () => {
    expect(
      render({ type: 'image', image: 'https://cdn.example/logo.png', alt: 'Herald', href: 'https://herald.example', width: '200px', align: 'right', backgroundColor: '#000000' }),
    ).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="right" bgcolor="#000000" style="padding:8px 0;background-color:#000000;text-align:right"><a href="https://herald.example" target="_blank" rel="noopener" style="text-decoration:none"><img src="https://cdn.example/logo.png" alt="Herald" width="200" border="0" style="display:block;margin:0 0 0 auto;border:0;outline:none;text-decoration:none;max-width:100%;width:200px;height:auto"></a></td></tr>",
        "text": "Herald (https://herald.example)",
      }
    `);
    expect(render({ type: 'image', image: 'https://cdn.example/hero.png', width: '100%', padding: 'leftRight' }).html).toMatchInlineSnapshot(
      `"<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><img src="https://cdn.example/hero.png" alt="" width="100%" border="0" style="display:block;margin:0 auto;border:0;outline:none;text-decoration:none;max-width:100%;width:100%;height:auto"></td></tr>"`,
    );
    expect(render({ type: 'image' })).toEqual({ html: '', text: '' });
  });
  it('button', () => {
    expect(render({ type: 'button', text: 'Shop now', href: 'https://shop.example', width: 240 })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:0 auto"><tr><td align="center" bgcolor="#33CCFF" width="240" style="border-radius:4px;background-color:#33CCFF;width:240px"><a href="https://shop.example" target="_blank" rel="noopener" style="display:block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:20px;font-weight:bold;color:#222222;text-decoration:none;text-align:center;border-radius:4px;background-color:#33CCFF">Shop now</a></td></tr></table></td></tr>",
        "text": "Shop now (https://shop.example)",
      }
    `);
    expect(render({ type: 'button', text: 'No link', backgroundColor: '#F0F0F0', align: 'left', padding: 'none' }).html).toMatchInlineSnapshot(
      `"<tr><td align="left" style="padding:8px 0;text-align:left"><table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:0"><tr><td align="center" bgcolor="#F0F0F0" style="border-radius:4px;background-color:#F0F0F0"><span style="display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:20px;font-weight:bold;color:#222222;text-decoration:none;text-align:center;border-radius:4px;background-color:#F0F0F0">No link</span></td></tr></table></td></tr>"`,
    );
  });
  it('divider', () => {
    expect(render({ type: 'divider', color: '#FF0000', backgroundColor: '#EEEEEE' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" bgcolor="#EEEEEE" class="hd-px" style="padding:8px 24px;background-color:#EEEEEE;text-align:center"><table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0"><tr><td style="border-top:1px solid #FF0000;font-size:1px;line-height:1px">&nbsp;</td></tr></table></td></tr>",
        "text": "----------",
      }
    `);
  });
  it('spacer', () => {
    expect(render({ type: 'spacer' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" height="8" style="padding:0;text-align:center;height:8px;line-height:8px;font-size:1px">&nbsp;</td></tr>",
        "text": "",
      }
    `);
    expect(render({ type: 'spacer', height: 40, backgroundColor: '#123456' }).html).toMatchInlineSnapshot(
      `"<tr><td align="center" bgcolor="#123456" height="40" style="padding:0;background-color:#123456;text-align:center;height:40px;line-height:40px;font-size:1px">&nbsp;</td></tr>"`,
    );
  });
  it('title', () => {
    expect(render({ type: 'title', text: 'Autumn sale' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><h1 style="margin:0;font-family:Arial,Helvetica,sans-serif;font-size:32px;line-height:40px;font-weight:bold;color:#333333">Autumn sale</h1></td></tr>",
        "text": "AUTUMN SALE",
      }
    `);
    // a required field left blank falls back to its default (spec 001 section 5)
    expect(render({ type: 'title', text: '   ' }).text).toBe('TITLE');
  });
  it('list', () => {
    expect(render({ type: 'list', items: ['Free delivery', '', 'Easy returns'], style: 'numbered' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="left" class="hd-px" style="padding:8px 24px;text-align:left"><ol style="margin:0;padding-left:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px;color:#333333;text-align:left"><li style="margin:0 0 4px">Free delivery</li><li style="margin:0 0 4px">Easy returns</li></ol></td></tr>",
        "text": "1. Free delivery
      2. Easy returns",
      }
    `);
    expect(render({ type: 'list' }).text).toBe('- First item\n- Second item\n- Third item');
    // empty items are hidden; a list with none renders nothing
    expect(render({ type: 'list', items: [' ', ''] })).toEqual({ html: '', text: '' });
  });
  it('textLinkGroup', () => {
    expect(
      render({
        type: 'textLinkGroup',
        items: [
          { text: 'Shop', href: 'https://shop.example' },
          { text: '', href: 'https://hidden.example' },
          { text: 'No link', href: '' },
        ],
      }),
    ).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><div style="margin:0;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:22px;color:#333333"><a href="https://shop.example" target="_blank" rel="noopener" style="color:#33CCFF;text-decoration:underline">Shop</a> <span style="color:#9CA3AF">|</span> No link</div></td></tr>",
        "text": "Shop (https://shop.example) | No link",
      }
    `);
    expect(render({ type: 'textLinkGroup', items: [] })).toEqual({ html: '', text: '' });
    expect(blockSchema.safeParse({ type: 'textLinkGroup', items: Array.from({ length: 6 }, () => ({ text: 'x' })) }).success).toBe(false);
  });
  it('multiImages', () => {
    expect(
      render({
        type: 'multiImages',
        items: [
          { image: 'https://cdn.example/a.png', alt: 'A', href: 'https://shop.example/a' },
          { image: '', alt: 'none' },
          { image: 'https://cdn.example/b.png', alt: 'B' },
        ],
      }),
    ).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0"><tr><td width="50%" style="padding:0 4px;vertical-align:top"><a href="https://shop.example/a" target="_blank" rel="noopener" style="text-decoration:none"><img src="https://cdn.example/a.png" alt="A" width="100%" border="0" style="display:block;width:100%;max-width:100%;height:auto;border:0"></a></td><td width="50%" style="padding:0 4px;vertical-align:top"><img src="https://cdn.example/b.png" alt="B" width="100%" border="0" style="display:block;width:100%;max-width:100%;height:auto;border:0"></td></tr></table></td></tr>",
        "text": "A (https://shop.example/a)
      B",
      }
    `);
    // only with content (spec 001 section 5): the default, with no pictures yet, renders nothing
    expect(render({ type: 'multiImages' })).toEqual({ html: '', text: '' });
  });
  it('iconLinkGroup', () => {
    expect(
      render({
        type: 'iconLinkGroup',
        items: [
          { icon: 'https://cdn.example/fb.png', alt: 'Facebook', href: 'https://facebook.example/herald' },
          { icon: 'https://cdn.example/ig.png', alt: 'Instagram' },
        ],
      }),
    ).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><a href="https://facebook.example/herald" target="_blank" rel="noopener" style="text-decoration:none;margin:0 6px"><img src="https://cdn.example/fb.png" alt="Facebook" width="32" height="32" border="0" style="display:inline-block;width:32px;height:32px;border:0"></a><span style="margin:0 6px"><img src="https://cdn.example/ig.png" alt="Instagram" width="32" height="32" border="0" style="display:inline-block;width:32px;height:32px;border:0"></span></td></tr>",
        "text": "Facebook (https://facebook.example/herald) | Instagram",
      }
    `);
    expect(createBlock('iconLinkGroup')).toMatchObject({ width: 32, height: 32 });
  });
  it('logo', () => {
    expect(render({ type: 'logo', image: 'https://cdn.example/logo.png', alt: 'Herald' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><img src="https://cdn.example/logo.png" alt="Herald" width="160" border="0" style="display:block;margin:0 auto;border:0;outline:none;text-decoration:none;max-width:100%;width:160px;height:auto"></td></tr>",
        "text": "Herald",
      }
    `);
    expect(render({ type: 'logo' })).toEqual({ html: '', text: '' });
  });
  it('hero', () => {
    expect(render({ type: 'hero', image: 'https://cdn.example/hero.jpg', alt: 'Snow', title: 'Winter sale', subtitle: 'Up to 50% off', position: 'top' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" style="padding:0;text-align:center"><h1 style="margin:12px 24px 4px;font-family:Arial,Helvetica,sans-serif;font-size:30px;line-height:38px;font-weight:bold;color:#333333">Winter sale</h1><div style="margin:0 24px 12px;font-family:Arial,Helvetica,sans-serif;font-size:18px;line-height:26px;color:#333333">Up to 50% off</div><img src="https://cdn.example/hero.jpg" alt="Snow" width="600" border="0" style="display:block;width:100%;max-width:100%;height:auto;border:0"></td></tr>",
        "text": "Winter sale
      Up to 50% off",
      }
    `);
    // without a picture the texts stand alone
    expect(render({ type: 'hero', title: 'Just text' }).html).toContain('Just text');
  });
  it('video', () => {
    expect(render({ type: 'video', video: 'https://video.example/intro', height: 200 })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><table role="presentation" border="0" cellpadding="0" cellspacing="0" style="width:100%;height:200px;margin:0 auto;background-color:#111827;text-align:center;vertical-align:middle"><tr><td align="center" height="200" style="vertical-align:middle"><a href="https://video.example/intro" target="_blank" rel="noopener" style="color:#FFFFFF;font-family:Arial,Helvetica,sans-serif;font-size:18px;line-height:26px;font-weight:bold;text-decoration:none">&#9654;&nbsp;Watch the video</a></td></tr></table></td></tr>",
        "text": "Watch the video (https://video.example/intro)",
      }
    `);
    expect(render({ type: 'video' })).toEqual({ html: '', text: '' });
  });
  it('legal', () => {
    expect(render({ type: 'legal', text: 'Herald Inc., 1 Main St. <a href="https://example.com/privacy">Privacy</a>', backgroundColor: '#F4F4F4' })).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" bgcolor="#F4F4F4" class="hd-px" style="padding:8px 24px;background-color:#F4F4F4;text-align:center"><div style="margin:0;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#6B7280">Herald Inc., 1 Main St. <a href="https://example.com/privacy" target="_blank" rel="noopener" style="color:#33CCFF;text-decoration:underline">Privacy</a></div></td></tr>",
        "text": "Herald Inc., 1 Main St. Privacy (https://example.com/privacy)",
      }
    `);
  });
});

describe('the thumb block and the in-app blocks', () => {
  const links = (answer: string) => `https://t.example/f/${answer}`;
  it("thumb: the recipient's own answer links in a mail, inert choices in a preview, nothing without a prompt", () => {
    const block = blockSchema.parse({ type: 'thumb', text: 'Did you like it, {{firstName|friend}}?' });
    expect(renderBlock(block, createRenderContext({ firstName: 'Mia' }, { ...THEME_DEFAULT }, undefined, links))).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" class="hd-px" style="padding:8px 24px;text-align:center"><div style="margin:0 0 10px;color:#333333;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px">Did you like it, Mia?</div><a href="https://t.example/f/like" target="_blank" rel="noopener" style="display:inline-block;padding:8px 16px;border:1px solid #33CCFF;border-radius:18px;color:#333333;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:20px;text-decoration:none">👍 Yes</a>&nbsp;&nbsp;<a href="https://t.example/f/dislike" target="_blank" rel="noopener" style="display:inline-block;padding:8px 16px;border:1px solid #33CCFF;border-radius:18px;color:#333333;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:20px;text-decoration:none">👎 No</a></td></tr>",
        "text": "Did you like it, Mia?
      👍 Yes: https://t.example/f/like
      👎 No: https://t.example/f/dislike",
      }
    `);
    const preview = render({ type: 'thumb' }).html;
    expect(preview).toContain('<span style=');
    expect(preview).not.toContain('href=');
    expect(render({ type: 'thumb', text: '' })).toEqual({ html: '', text: '' });
  });
  it('tip and carousel belong to the HTML builder: a mail leaves them out', () => {
    const ctx = createRenderContext({}, { ...THEME_DEFAULT });
    const tip = blockSchema.parse({ type: 'tip', content: 'Swipe <b>left</b> to see more.' });
    expect(renderBlock(tip, ctx)).toEqual({ html: '', text: '' });
    expect(renderBlock(tip, ctx, 'inApp')).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="left" class="hd-px" style="padding:8px 24px;text-align:left"><div role="note" style="margin:0;padding:12px 16px;border-left:4px solid #33CCFF;background-color:#F1F8FC;border-radius:4px;color:#333333;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px">Swipe <strong>left</strong> to see more.</div></td></tr>",
        "text": "Swipe left to see more.",
      }
    `);
    const carousel = blockSchema.parse({
      type: 'carousel',
      items: [{ image: 'https://cdn.example/1.jpg', alt: 'One' }, { image: '' }, { image: 'https://cdn.example/2.jpg', alt: 'Two', href: 'https://shop.example' }],
    });
    expect(renderBlock(carousel, ctx)).toEqual({ html: '', text: '' });
    const inApp = renderBlock(carousel, ctx, 'inApp');
    expect(inApp).toMatchInlineSnapshot(`
      {
        "html": "<tr><td align="center" style="padding:8px 0;text-align:center"><style>@keyframes hd-carousel-2{0.00%,45.00%{transform:translateX(-0.000%)}50.00%,95.00%{transform:translateX(-50.000%)}100%{transform:translateX(0)}}@media (prefers-reduced-motion:reduce){.hd-carousel-strip{animation:none!important}}</style><div class="hd-carousel" role="group" aria-roledescription="carousel" style="overflow:hidden;width:100%"><div class="hd-carousel-strip" style="display:flex;width:200%;animation:hd-carousel-2 6s infinite"><div style="flex:0 0 50.000%"><img src="https://cdn.example/1.jpg" alt="One" style="display:block;width:100%;height:auto;border:0"></div><div style="flex:0 0 50.000%"><a href="https://shop.example" target="_blank" rel="noopener"><img src="https://cdn.example/2.jpg" alt="Two" style="display:block;width:100%;height:auto;border:0"></a></div></div></div></td></tr>",
        "text": "One
      Two (https://shop.example)",
      }
    `);
    // two pictures (the empty entry hidden), 3 s each, looping, still for reduced motion
    expect(inApp.html).toContain('animation:hd-carousel-2 6s infinite');
    expect(inApp.html).toContain('prefers-reduced-motion:reduce');
    expect(renderBlock(blockSchema.parse({ type: 'carousel' }), ctx, 'inApp')).toEqual({ html: '', text: '' });
    expect(blockTypesOf('email')).not.toContain('carousel');
    expect(blockTypesOf('inApp')).toEqual(BLOCK_TYPES);
  });
});

/** One filled-in example of every block: the in-app form's snapshots render each as a whole page. */
const EXAMPLES: Record<BlockType, BlockInput> = {
  logo: { type: 'logo', image: 'https://cdn.example/logo.png', alt: 'Herald' },
  hero: { type: 'hero', image: 'https://cdn.example/hero.jpg', alt: 'Snow', title: 'Winter sale', subtitle: 'Up to 50% off' },
  title: { type: 'title', text: 'Spring is here' },
  heading: { type: 'heading', text: 'What is new' },
  paragraph: { type: 'paragraph', text: 'Hi <b>{{firstName|there}}</b>, see <a href="https://shop.example">the shop</a>.' },
  list: { type: 'list', items: ['Free delivery', 'Easy returns'] },
  image: { type: 'image', image: 'https://cdn.example/a.png', alt: 'A picture', href: 'https://shop.example/a' },
  multiImages: {
    type: 'multiImages',
    items: [
      { image: 'https://cdn.example/1.png', alt: 'One', href: '' },
      { image: 'https://cdn.example/2.png', alt: 'Two', href: '' },
    ],
  },
  video: { type: 'video', video: 'https://video.example/intro' },
  button: { type: 'button', text: 'Shop now', href: 'https://shop.example' },
  divider: { type: 'divider' },
  spacer: { type: 'spacer', height: 16 },
  textLinkGroup: {
    type: 'textLinkGroup',
    items: [
      { text: 'Help', href: 'https://example.com/help' },
      { text: 'Terms', href: 'https://example.com/terms' },
    ],
  },
  iconLinkGroup: { type: 'iconLinkGroup', items: [{ icon: 'https://cdn.example/x.png', alt: 'X', href: 'https://x.example' }] },
  thumb: { type: 'thumb' },
  legal: { type: 'legal', text: 'Herald Inc., 1 Main St.' },
  tip: { type: 'tip', content: 'Tap a picture to open it.' },
  carousel: {
    type: 'carousel',
    items: [
      { image: 'https://cdn.example/1.jpg', alt: 'One', href: '' },
      { image: 'https://cdn.example/2.jpg', alt: 'Two', href: '' },
    ],
  },
};

describe('the in-app form: one snapshot per block, as the page an app shows', () => {
  it.each(BLOCK_TYPES)('%s', (type) => {
    const page = renderInApp(
      { language: 'en', theme: { ...THEME_DEFAULT }, title: 'Example', blocks: [blockSchema.parse(EXAMPLES[type])] },
      { firstName: 'Mia' },
      { feedbackUrl: (a) => `https://t.example/f/${a}` },
    );
    expect(page.html).toMatchSnapshot();
    expect(page.html).toContain(`<meta http-equiv="Content-Security-Policy" content="${IN_APP_CSP}">`);
  });
});

describe('rendering stored blocks that never passed the schema', () => {
  const ctx = () => createRenderContext({}, { ...THEME_DEFAULT });
  it('falls back on bad enums, numbers and colours instead of writing them', () => {
    const html = renderBlock({ type: 'button', text: 'x', align: 'middle', padding: 'huge', width: 'wide', backgroundColor: 'red', color: 'url(x)' }, ctx()).html;
    expect(html).toContain('align="center"');
    expect(html).toContain('background-color:#33CCFF');
    expect(html).not.toMatch(/red|wide|huge|middle|url\(/);
    expect(renderBlock({ type: 'spacer', height: 1e9 }, ctx()).html).toContain('height="200"');
    expect(renderBlock({ type: 'heading', text: 42 }, ctx()).html).toBe('');
  });
  it('clamps a stored image width to the column', () => {
    expect(renderBlock({ type: 'image', image: 'https://a.example/x.png', width: '9000', padding: 'leftRight' }, ctx()).html).toContain('width="552"');
  });
});

describe('addresses that start with a personalisation token', () => {
  it('are stored when the token is a plain path and any fallback makes a good URL', () => {
    expect(issues({ type: 'button', href: '{{attributes.url}}?utm=mail' })).toEqual([]);
    expect(issues({ type: 'button', href: '{{ attributes.url | https://shop.example }}' })).toEqual([]);
    expect(issues({ type: 'button', href: '{{attributes.url|javascript:alert(1)}}' })).toHaveLength(1);
    expect(issues({ type: 'button', href: "{{constructor.constructor('alert(1)')()}}" })).toHaveLength(1);
    expect(issues({ type: 'image', image: '{{avatar|https://cdn.example/a.png}}' })).toEqual([]);
    expect(issues({ type: 'image', image: '{{avatar|mailto:a@example.com}}' })).toHaveLength(1);
  });
});
