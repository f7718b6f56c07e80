/**
 * A push, SMS, LINE or letter message's content in the wizard: per language, the template library's own channel
 * editor and preview (web/src/pages/template/channel), so a message is written exactly as a template is.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LetterSender } from '../../../../../shared/content';
import { CHANNEL_CAPABILITIES, type Channel } from '../../../../../shared/delivery';
import { useCall } from '../../../api/hooks';
import { LanguageTabs } from '../../template/builder/LanguageTabs';
import {
  addChannelLanguage,
  type ChannelDraft,
  channelLanguages,
  type ChannelErrors,
  composesFor,
  type Content,
  removeChannelLanguage,
  withComposedContent,
  withContent,
  withPresetText,
} from '../../template/channel/channelDraft';
import { AiComposer } from '../../template/builder/AiComposer';
import { CHANNEL_EDITORS, ChannelPreview } from '../../template/channel/channels';
import { PresetPicker } from '../../preset/PresetPicker';
import { SAMPLE_RECIPIENT } from '../../template/preview';
import '../../../i18n/areas/channelContent';
import shellStyles from '../../template/editor/TemplateEditorShell.module.css';

/**
 * Each channel and whether it sends yet, as the server's channel registry answers (plan.getChannels): a channel
 * still unfinished is offered disabled, never as if it would send.
 */
export function useChannels() {
  const answer = useCall(['plan.getChannels', {}], { dedupingInterval: 60_000, revalidateOnFocus: false });
  const sendable = (channel: Channel) => answer.data?.channels.find((c) => c.channel === channel)?.sendable ?? false;
  return { ...answer, sendable };
}

/** The organization's companies (the senders of letters). */
export function useCompanies(enabled = true) {
  const companies = useCall(enabled ? ['company.getAll', {}] : null, { dedupingInterval: 10_000 });
  return { ...companies, list: (companies.data ?? []) as unknown as (LetterSender & { id: string; directMailType?: string })[] };
}

export function ChannelContent({
  draft,
  errors,
  shown,
  onChange,
}: {
  draft: ChannelDraft;
  errors: ChannelErrors;
  shown: (path: string) => boolean;
  onChange: (next: ChannelDraft, touch?: string) => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState(draft.defaultLanguage);
  const companies = useCompanies(CHANNEL_CAPABILITIES[draft.channel].printed);
  const current = draft.contents[language] ? language : draft.defaultLanguage;
  const content = draft.contents[current] ?? {};
  const Editor = CHANNEL_EDITORS[draft.channel];
  const channelName = t(`campaign.channel.${draft.channel}`);
  const sender = companies.list.find((c) => c.id === draft.companyId) ?? null;

  return (
    <div className={shellStyles.builderGrid} data-channel={draft.channel}>
      <section className="card builder-editor" aria-labelledby="channel-content-title">
        <h3 id="channel-content-title" className="card-title" tabIndex={-1}>
          {t('campaign.wizard.contentOf', { channel: channelName })}
        </h3>
        <LanguageTabs
          languages={channelLanguages(draft)}
          defaultLanguage={draft.defaultLanguage}
          current={current}
          invalid={errors.languages}
          onSelect={setLanguage}
          onAdd={(code) => {
            onChange(addChannelLanguage(draft, code));
            setLanguage(code);
          }}
          onMakeDefault={(code) => onChange({ ...draft, defaultLanguage: code })}
          onRemove={(code) => {
            onChange(removeChannelLanguage(draft, code));
            setLanguage(draft.defaultLanguage);
          }}
        >
          {composesFor(draft.channel) && (
            <AiComposer
              channel={draft.channel}
              languages={channelLanguages(draft)}
              defaultLanguage={draft.defaultLanguage}
              onComposed={(template) => onChange(withComposedContent(draft, template))}
            />
          )}
          <PresetPicker channel={draft.channel} language={current} onInsert={(preset) => onChange(withPresetText(draft, draft.channel, current, preset))} />
          <Editor
            key={`${draft.channel}-${current}`}
            content={content}
            language={current}
            idPrefix={`plan-content-${current}`}
            error={(path) => (shown(`${current}.${path}`) ? errors.messages[`${current}.${path}`] : undefined)}
            set={(patch: Content, key: string) => onChange(withContent(draft, current, { ...content, ...patch }), `${current}.${key}`)}
          />
        </LanguageTabs>
      </section>
      <section className="card builder-preview" aria-labelledby="channel-preview-title">
        <h3 id="channel-preview-title" className="card-title">
          {t('template.preview')}
        </h3>
        <ChannelPreview draft={draft} language={current} sender={sender} recipient={SAMPLE_RECIPIENT} valid />
      </section>
    </div>
  );
}
