/** spec 001 3.6 "contentBody / Paragraph": the rich-text subset of ../richText.ts. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR, type RenderContext, type RenderedBlock } from '../context';
import { commonFields, optionalColorField, textField } from '../fields';
import { escapeHtml, safeColor, style } from '../html';
import { LONG_TEXT_MAX } from '../limits';
import { parseRichText, type RichNode } from '../richText';

export const paragraphBlockSchema = z.object({
  type: z.literal('paragraph'),
  ...commonFields({ align: 'left', padding: 'leftRight' }),
  text: textField('text', 'Write your text here.', LONG_TEXT_MAX),
  color: optionalColorField(),
});

const TAGS = { bold: 'strong', italic: 'em', underline: 'u' } as const;

export function renderNodes(nodes: readonly RichNode[], ctx: RenderContext, out: RenderedBlock): void {
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
        out.html += ctx.html(node.text);
        out.text += ctx.text(node.text);
        break;
      case 'break':
        out.html += '<br>';
        out.text += '\n';
        break;
      case 'bold':
      case 'italic':
      case 'underline':
        out.html += `<${TAGS[node.kind]}>`;
        renderNodes(node.children, ctx, out);
        out.html += `</${TAGS[node.kind]}>`;
        break;
      case 'link': {
        const url = ctx.link(node.href);
        const textStart = out.text.length;
        if (url) {
          const css = style({ color: ctx.theme.primaryColor, 'text-decoration': 'underline' });
          out.html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="${css}">`;
        }
        renderNodes(node.children, ctx, out);
        if (url) {
          out.html += '</a>';
          if (out.text.slice(textStart).trim() !== url) out.text += ` (${url})`;
        }
        break;
      }
    }
  }
}

export const paragraphBlock = defineBlock({
  type: 'paragraph',
  specName: 'contentBody / Paragraph',
  schema: paragraphBlockSchema,
  render(block, ctx) {
    const out: RenderedBlock = { html: '', text: '' };
    renderNodes(parseRichText(typeof block.text === 'string' ? block.text : ''), ctx, out);
    if (out.text.trim() === '') return { html: '', text: '' };
    const css = style({
      margin: '0',
      'font-family': FONT_FAMILY,
      'font-size': '16px',
      'line-height': '24px',
      color: safeColor(block.color, TEXT_COLOR),
    });
    return { html: blockRow(`<div style="${css}">${out.html}</div>`, block), text: out.text };
  },
});
