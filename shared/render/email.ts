/** The one email renderer, pure and browser-safe so the preview and the send worker call the same function. */
import { renderBlock } from './blocks';
import { createRenderContext, type FeedbackAnswer, FONT_FAMILY, SIDE_PADDING_CLASS, type LinkRewriter } from './context';
import { escapeHtml, readableOn, safeUrl } from './html';
import { EMAIL_MAX_WIDTH, EMAIL_SMALL_WIDTH, SIDE_PADDING, SIDE_PADDING_SMALL } from './limits';
import { personalizeText, type Recipient } from './personalize';
import { LANGUAGE_CODE, type EmailContent } from './template';

export interface RenderOptions {
  /** never rewritten for tracking */
  unsubscribeUrl?: string;
  unsubscribeLabel?: string;
  webVersionUrl?: string;
  openPixelUrl?: string;
  linkRewriter?: LinkRewriter;
  feedbackUrl?: (answer: FeedbackAnswer) => string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const UNSUBSCRIBE_LABELS: Record<string, string> = { en: 'Unsubscribe', zh: '退订', ja: '配信停止' };
const WEB_VERSION_LABELS: Record<string, string> = { en: 'View in browser', zh: '在浏览器中查看', ja: 'ブラウザで表示' };
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur']);
/** keeps the body's first words out of the inbox preview after a short preheader */
const PREHEADER_FILLER = '&#847;&zwnj;&nbsp;'.repeat(40);
const HEAD_STYLE =
  `@media only screen and (max-width:${EMAIL_SMALL_WIDTH}px){` +
  `.${SIDE_PADDING_CLASS}{padding-left:${SIDE_PADDING_SMALL}px!important;padding-right:${SIDE_PADDING_SMALL}px!important}}`;
const TABLE = 'role="presentation" border="0" cellpadding="0" cellspacing="0"';

/** no control characters: a line break in a value could add a header */
function subjectLine(raw: string, recipient: Recipient): string {
  return personalizeText(raw, recipient)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export function renderEmail(content: EmailContent, recipient: Recipient = {}, options: RenderOptions = {}): RenderedEmail {
  const ctx = createRenderContext(recipient, content.theme, options.linkRewriter, options.feedbackUrl);
  const language = typeof content.language === 'string' && LANGUAGE_CODE.test(content.language) ? content.language : 'en';
  const primary = language.split('-')[0];
  const background = ctx.theme.secondaryColor;
  const subject = subjectLine(typeof content.subject === 'string' ? content.subject : '', recipient);
  const preheader = ctx.html(content.preheader).trim();

  let rows = '';
  const textParts: string[] = [];
  for (const block of Array.isArray(content.blocks) ? content.blocks : []) {
    const rendered = renderBlock(block, ctx);
    rows += rendered.html;
    if (rendered.text.trim() !== '') textParts.push(rendered.text.trim());
  }

  const small = readableOn(background, '#555555');
  const smallLine = (href: string, label: string, top: boolean) =>
    `<table ${TABLE} width="100%" style="width:100%;max-width:${EMAIL_MAX_WIDTH}px">` +
    `<tr><td align="center" class="${SIDE_PADDING_CLASS}" style="padding:${top ? '8px' : '16px'} ${SIDE_PADDING}px;font-family:${FONT_FAMILY};font-size:12px;line-height:18px;color:${small}">` +
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="color:${small};text-decoration:underline">${escapeHtml(label)}</a>` +
    `</td></tr></table>`;

  let header = '';
  const webVersion = content.webVersion && options.webVersionUrl ? safeUrl(options.webVersionUrl, 'link') : null;
  if (webVersion) {
    const label = WEB_VERSION_LABELS[primary] || WEB_VERSION_LABELS.en;
    header = smallLine(webVersion, label, true);
    textParts.unshift(`${label}: ${webVersion}`);
  }

  let footer = '';
  const unsubscribe = options.unsubscribeUrl ? safeUrl(options.unsubscribeUrl, 'link') : null;
  if (unsubscribe) {
    footer = smallLine(unsubscribe, options.unsubscribeLabel || UNSUBSCRIBE_LABELS[primary] || UNSUBSCRIBE_LABELS.en, false);
    textParts.push(`${options.unsubscribeLabel || UNSUBSCRIBE_LABELS[primary] || UNSUBSCRIBE_LABELS.en}: ${unsubscribe}`);
  }
  const pixel = options.openPixelUrl ? safeUrl(options.openPixelUrl, 'image') : null;

  const html =
    `<!doctype html><html lang="${language}"${RTL_LANGUAGES.has(primary) ? ' dir="rtl"' : ''}><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(subject)}</title>` +
    `<style>${HEAD_STYLE}</style></head>` +
    `<body style="margin:0;padding:0;width:100%;background-color:${background}">` +
    (preheader
      ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${background}">${preheader}${PREHEADER_FILLER}</div>`
      : '') +
    `<table ${TABLE} width="100%" bgcolor="${background}" style="width:100%;background-color:${background}"><tr><td align="center">` +
    `<!--[if mso]><table ${TABLE} width="${EMAIL_MAX_WIDTH}" align="center"><tr><td><![endif]-->` +
    header +
    `<table ${TABLE} width="100%" bgcolor="#FFFFFF" style="width:100%;max-width:${EMAIL_MAX_WIDTH}px;background-color:#FFFFFF">${rows}</table>` +
    footer +
    `<!--[if mso]></td></tr></table><![endif]-->` +
    `</td></tr></table>` +
    (pixel ? `<img src="${escapeHtml(pixel)}" width="1" height="1" alt="" border="0" style="display:block;width:1px;height:1px;border:0">` : '') +
    `</body></html>`;

  return { subject, html, text: textParts.join('\n\n') + '\n' };
}
