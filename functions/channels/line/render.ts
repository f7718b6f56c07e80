/** A LINE plan's content as the Messaging API's message objects for one recipient. */
import type { ChannelTemplate, LineContent, LineMessage } from '../../../shared/content';
import { pickLanguage, personalizeText, personalizeUrl } from '../../../shared/render';
import type { Recipient } from '../../../shared/render/personalize';
import type { RecipientLinks } from '../links';
import type { LineApiMessage, LineRendered } from './outbound';

/** LINE takes a uri action of at most 1,000 characters (a tracked link is far shorter). */
const URI_MAX = 1000;

function messageOf(m: LineMessage, recipient: Recipient, track: (uri: string) => string): LineApiMessage {
  const text = (v: string) => personalizeText(v, recipient).trim();
  const url = (v: string) => personalizeUrl(v, recipient).trim();
  switch (m.type) {
    case 'text':
      return { type: 'text', text: text(m.text) };
    case 'image':
      return { type: 'image', originalContentUrl: url(m.originalContentUrl), previewImageUrl: url(m.previewImageUrl) };
    case 'buttons': {
      const thumbnail = m.thumbnailImageUrl ? url(m.thumbnailImageUrl) : '';
      const title = m.title ? text(m.title) : '';
      return {
        type: 'template',
        altText: text(m.altText),
        template: {
          type: 'buttons',
          ...(thumbnail ? { thumbnailImageUrl: thumbnail } : {}),
          ...(title ? { title } : {}),
          text: text(m.text),
          actions: m.actions.map((a) => ({ type: 'uri', label: text(a.label), uri: track(url(a.uri)) })),
        },
      };
    }
  }
}

export function renderLine(template: ChannelTemplate<'LINE'>, recipient: Recipient, links?: Pick<RecipientLinks, 'click'>): LineRendered {
  const language = pickLanguage(template, typeof recipient.locale === 'string' ? recipient.locale : undefined);
  const content: LineContent | undefined = template.contents[language];
  let place = 0;
  const track = (uri: string) => {
    if (!links || !/^https?:\/\//i.test(uri)) return uri;
    const tracked = links.click(uri, place++);
    return tracked.length <= URI_MAX ? tracked : uri;
  };
  return { language, messages: (content?.messages ?? []).map((m) => messageOf(m, recipient, track)) };
}
