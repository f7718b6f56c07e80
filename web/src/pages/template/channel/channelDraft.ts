/**
 * The working copy of a push, SMS, LINE or letter template and its checks: the content of each language is kept
 * as the channel's schema takes it, and the save payload is checked with the server's own schema, its messages
 * filed under `<language>.<field path>` (or the template field) where the editor shows them.
 */
import { type Channel, DEFAULT_CHANNEL, MENU_CHANNELS } from '../../../../../shared/delivery';
import { LETTER_RECIPIENT_DEFAULT } from '../../../../../shared/content';
import type { TemplateMessageSavePayload, TemplateMessageView } from '../../../../../shared/services/templateMessage';
import { templateMessageSavePayload } from '../../../../../shared/services/templateMessage';
import type { Lang } from '../../../../../shared/errors';
import type { AiComposerChannel } from '../../../../../shared/services';
import { safeParseIn } from '../../../components/schemaErrors';

/** the channels this editor writes: every one but the email builder's, in menu order */
export type ContentChannel = Exclude<Channel, typeof DEFAULT_CHANNEL>;
export const CONTENT_CHANNELS: readonly ContentChannel[] = MENU_CHANNELS.filter((c): c is ContentChannel => c !== DEFAULT_CHANNEL);
export const isContentChannel = (value: unknown): value is ContentChannel => CONTENT_CHANNELS.includes(value as ContentChannel);

export type Content = Record<string, unknown>;
export interface ChannelDraft {
  channel: ContentChannel;
  name: string;
  categoryId: string | null;
  folderId: string | null;
  active: boolean;
  /** letters: the sending company */
  companyId: string | null;
  defaultLanguage: string;
  contents: Record<string, Content>;
}

/** A language's starting content: what the schema needs filled, nothing more. */
export function newContent(channel: ContentChannel): Content {
  switch (channel) {
    case 'PUSH_NATIVE':
      return {
        contentType: 'text',
        title: '',
        intro: '',
        body: '',
        url: '',
        buttons: [],
        media: { type: 'NONE', url: '' },
        location: null,
        extras: [],
        sound: 'default',
        expiry: { kind: 'NONE' },
        priority: 'FOLLOW_USER_SETTINGS',
        inboxMode: 'PUSH_AND_INBOX',
        blocks: [],
      };
    case 'SMS':
      return { text: '', stopFooter: true };
    case 'LINE':
      return { messages: [{ type: 'text', text: '' }] };
    case 'DIRECT_MAIL':
      return { recipientBlock: LETTER_RECIPIENT_DEFAULT, subject: '', body: '', closing: '' };
  }
}

export function newChannelDraft(channel: ContentChannel, language = 'en'): ChannelDraft {
  return { channel, name: '', categoryId: null, folderId: null, active: true, companyId: null, defaultLanguage: language, contents: { [language]: newContent(channel) } };
}

export function channelDraftFromView(view: TemplateMessageView): ChannelDraft {
  const template = view.template as { defaultLanguage: string; contents: Record<string, Content>; companyId?: string };
  return {
    channel: view.channel as ContentChannel,
    name: view.name,
    categoryId: view.categoryId ?? null,
    folderId: view.folderId ?? null,
    active: view.active,
    companyId: template.companyId ?? null,
    defaultLanguage: template.defaultLanguage,
    contents: structuredClone(template.contents),
  };
}

export function toChannelPayload(draft: ChannelDraft, saved?: { id: string; version: number }): TemplateMessageSavePayload {
  return {
    ...(saved ? { id: saved.id, version: saved.version } : {}),
    name: draft.name,
    channel: draft.channel,
    categoryId: draft.categoryId ?? undefined,
    folderId: draft.folderId ?? undefined,
    active: draft.active,
    template: {
      channel: draft.channel,
      defaultLanguage: draft.defaultLanguage,
      contents: draft.contents,
      ...(draft.channel === 'DIRECT_MAIL' && draft.companyId ? { companyId: draft.companyId } : {}),
    } as TemplateMessageSavePayload['template'],
  };
}

/** The default language first, then the others by code. */
export function channelLanguages(draft: ChannelDraft): string[] {
  return [
    draft.defaultLanguage,
    ...Object.keys(draft.contents)
      .filter((c) => c !== draft.defaultLanguage)
      .sort(),
  ];
}

export interface ChannelErrors {
  /** `name`, `categoryId`, … and, per language, `<language>.<path>` such as `ja.buttons.0.value` */
  messages: Record<string, string>;
  languages: Set<string>;
  count: number;
}

export function validateChannelDraft(draft: ChannelDraft, lang?: Lang): ChannelErrors {
  const parsed = safeParseIn(templateMessageSavePayload, toChannelPayload(draft), lang);
  const errors: ChannelErrors = { messages: {}, languages: new Set(), count: 0 };
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    let key: string;
    if (path[0] === 'template' && path[1] === 'contents' && path.length > 2) {
      key = path.slice(2).join('.');
      errors.languages.add(path[2]!);
    } else key = (path[0] === 'template' ? path.slice(1) : path).join('.');
    if (errors.messages[key] === undefined) {
      errors.messages[key] = issue.message;
      errors.count++;
    }
  }
  return errors;
}

/** A copy of the draft with one language's content replaced. */
export function withContent(draft: ChannelDraft, language: string, content: Content): ChannelDraft {
  return { ...draft, contents: { ...draft.contents, [language]: content } };
}

/** The fields the AI composer writes per channel; the others (sound, expiry, the opt-out line…) stay the user's. */
const COMPOSED_FIELDS: Partial<Record<ContentChannel, readonly string[]>> = {
  PUSH_NATIVE: ['title', 'intro', 'body', 'buttons'],
  SMS: ['text'],
  LINE: ['messages'],
};
export const composesFor = (channel: ContentChannel): channel is Exclude<AiComposerChannel, 'EMAIL'> => COMPOSED_FIELDS[channel] !== undefined;

/** The draft with the AI composer's content (aiBot.templateMessage) in each language it wrote; a language it did not write stays. */
export function withComposedContent(draft: ChannelDraft, template: { contents: Record<string, unknown> }): ChannelDraft {
  const fields = COMPOSED_FIELDS[draft.channel] ?? [];
  const contents = { ...draft.contents };
  for (const [language, composed] of Object.entries(template.contents)) {
    const written = Object.fromEntries(fields.filter((f) => f in (composed as Content)).map((f) => [f, structuredClone((composed as Content)[f])]));
    contents[language] = { ...(contents[language] ?? newContent(draft.channel)), ...written };
  }
  return { ...draft, contents };
}

/** A new language starts as a copy of the default language's content, to be translated. */
export function addChannelLanguage(draft: ChannelDraft, code: string): ChannelDraft {
  if (draft.contents[code]) return draft;
  return withContent(draft, code, structuredClone(draft.contents[draft.defaultLanguage] ?? newContent(draft.channel)));
}

export function removeChannelLanguage(draft: ChannelDraft, code: string): ChannelDraft {
  if (code === draft.defaultLanguage) return draft;
  const { [code]: _removed, ...rest } = draft.contents;
  return { ...draft, contents: rest };
}

/** Where a preset's texts go in a channel's content: its subject into an empty title or subject, its text after the body. */
const PRESET_FIELDS: Record<ContentChannel, { subject?: string; text: string }> = {
  PUSH_NATIVE: { subject: 'title', text: 'body' },
  SMS: { text: 'text' },
  LINE: { text: 'messages' },
  DIRECT_MAIL: { subject: 'subject', text: 'body' },
};

/** A preset's content put into a language of the channel's draft (LINE: a text message added after the others). */
export function withPresetText(draft: ChannelDraft, channel: ContentChannel, language: string, preset: { subject: string; text: string }): ChannelDraft {
  const content: Record<string, unknown> = { ...(draft.contents[language] ?? {}) };
  const { subject, text } = PRESET_FIELDS[channel];
  if (subject && preset.subject && !String(content[subject] ?? '').trim()) content[subject] = preset.subject;
  if (channel === 'LINE') {
    if (preset.text) content.messages = [...((content.messages as unknown[] | undefined) ?? []), { type: 'text', text: preset.text }];
  } else if (preset.text) content[text] = [String(content[text] ?? '').trimEnd(), preset.text].filter(Boolean).join('\n\n');
  return withContent(draft, language, content as Content);
}
