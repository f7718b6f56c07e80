/** The in-app page for an app's web view: the email blocks in a phone document whose CSP allows no script. */
import { type BlockForm, createRenderContext, type FeedbackAnswer, type LinkRewriter } from './context';
import { renderBlock } from './blocks';
import { escapeHtml } from './html';
import { EMAIL_MAX_WIDTH } from './limits';
import type { Recipient } from './personalize';
import { LANGUAGE_CODE, type EmailContent } from './template';

export const IN_APP_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export interface InAppContent {
  language: string;
  theme: EmailContent['theme'];
  title: string;
  blocks: EmailContent['blocks'];
}

export interface InAppOptions {
  linkRewriter?: LinkRewriter;
  feedbackUrl?: (answer: FeedbackAnswer) => string;
}

const FORM: BlockForm = 'inApp';

export function renderInApp(content: InAppContent, recipient: Recipient = {}, options: InAppOptions = {}): { html: string; text: string } {
  const ctx = createRenderContext(recipient, content.theme, options.linkRewriter, options.feedbackUrl);
  const language = typeof content.language === 'string' && LANGUAGE_CODE.test(content.language) ? content.language : 'en';
  let rows = '';
  const text: string[] = [];
  for (const block of Array.isArray(content.blocks) ? content.blocks : []) {
    const rendered = renderBlock(block, ctx, FORM);
    rows += rendered.html;
    if (rendered.text.trim()) text.push(rendered.text.trim());
  }
  const background = ctx.theme.secondaryColor;
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${IN_APP_CSP}">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(ctx.text(content.title))}</title>` +
    `<style>body{margin:0;padding:0;background-color:${background};-webkit-text-size-adjust:100%}img{max-width:100%}table{border-collapse:collapse}</style></head>` +
    `<body><table role="presentation" border="0" cellpadding="0" cellspacing="0" width="100%" style="width:100%;max-width:${EMAIL_MAX_WIDTH}px;margin:0 auto;background-color:#FFFFFF">${rows}</table></body></html>`;
  return { html, text: text.join('\n\n') + '\n' };
}
