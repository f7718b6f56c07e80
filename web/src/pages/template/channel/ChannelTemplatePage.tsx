/**
 * The editor of push, SMS, LINE and letter templates (/library/message/template?channel=…, `&id=` to open one):
 * name, category, folder, active (and a letter's sending company); per language the channel's content; undo and
 * redo; a live preview as the recipient gets it; a save checked with the server's own schema.
 */
import { Tag } from 'primereact/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LetterSender } from '../../../../../shared/content';
import { useCall } from '../../../api/hooks';
import { TemplateEditorShell } from '../editor/TemplateEditorShell';
import { useTemplateEditor } from '../editor/useTemplateEditor';
import { SAMPLE_RECIPIENT } from '../preview';
import {
  addChannelLanguage,
  type ChannelDraft,
  channelDraftFromView,
  channelLanguages,
  composesFor,
  type Content,
  type ContentChannel,
  newChannelDraft,
  removeChannelLanguage,
  toChannelPayload,
  validateChannelDraft,
  withComposedContent,
  withContent,
  withPresetText,
} from './channelDraft';
import { AiComposer } from '../builder/AiComposer';
import { CHANNEL_EDITORS, ChannelPreview } from './channels';
import styles from './channel.module.css';
import '../../../i18n/areas/template';
import '../../../i18n/areas/channelContent';
import { useOrgLocale } from '../../../app/locale';
import { SelectField } from '../../../components/Field';

const companiesKey = ['company.getAll', {}] as const;

export default function ChannelTemplatePage({ channel, id }: { channel: ContentChannel; id: string | null }) {
  const { t } = useTranslation();
  const companies = useCall(channel === 'DIRECT_MAIL' ? companiesKey : null, { dedupingInterval: 10_000 });
  const orgLocale = useOrgLocale();
  const editor = useTemplateEditor<ChannelDraft>({
    id,
    channel,
    blank: () => newChannelDraft(channel, orgLocale.language),
    fromView: channelDraftFromView,
    toPayload: toChannelPayload,
    withoutLanguage: removeChannelLanguage,
  });
  const { draft, edit, current } = editor;
  const errors = useMemo(() => validateChannelDraft(draft), [draft]);
  const shown = (key: string) => (errors.messages[key] && editor.visible(key) ? errors.messages[key] : undefined);

  const channelName = t(`channelContent.channels.${channel}`);
  const Editor = CHANNEL_EDITORS[channel];
  const content = draft.contents[current] ?? {};
  const companyList = (companies.data ?? []) as unknown as (LetterSender & { id: string })[];
  const sender = companyList.find((c) => c.id === draft.companyId) ?? null;

  return (
    <TemplateEditorShell
      editor={editor}
      className={styles.channelTemplate}
      channel={channel}
      title={t('channelContent.newTitle', { channel: channelName })}
      intro={t(`channelContent.intro.${channel}`)}
      tags={<Tag value={channelName} rounded />}
      nameError={shown('name')}
      details={
        channel === 'DIRECT_MAIL' && (
          <SelectField
            id="template-company"
            label={t('channelContent.letter.company')}
            value={draft.companyId}
            options={companyList.map((c) => ({ value: c.id, label: c.company }))}
            placeholder={t('channelContent.letter.noCompany')}
            emptyMessage={t('channelContent.letter.noCompanies')}
            showClear
            onChange={(e) => edit({ ...draft, companyId: e.value ?? null })}
          />
        )
      }
      languages={channelLanguages(draft)}
      invalidLanguages={errors.languages}
      onInsertPreset={(preset) => edit(withPresetText(draft, channel, current, preset))}
      onAddLanguage={(code) => edit(addChannelLanguage(draft, code))}
      onSave={() =>
        void editor.save(errors.count, () => {
          const first = channelLanguages(draft).find((l) => errors.languages.has(l));
          if (first) editor.showLanguage(first);
        })
      }
      preview={
        <section className="card builder-preview" aria-labelledby="preview-title">
          <h2 id="preview-title" className="card-title">
            {t('template.preview')}
          </h2>
          <ChannelPreview draft={draft} language={current} sender={sender} recipient={SAMPLE_RECIPIENT} valid={errors.count === 0} />
          <p className="muted small">{t('channelContent.sampleNote', { name: `${String(SAMPLE_RECIPIENT.firstName)} ${String(SAMPLE_RECIPIENT.lastName)}` })}</p>
        </section>
      }
    >
      {composesFor(channel) && (
        <AiComposer
          channel={channel}
          languages={channelLanguages(draft)}
          defaultLanguage={draft.defaultLanguage}
          onComposed={(template) => edit(withComposedContent(draft, template))}
        />
      )}
      <Editor
        key={current}
        content={content}
        language={current}
        idPrefix={`content-${current}`}
        error={(path) => shown(`${current}.${path}`)}
        set={(patch: Content, key: string) => edit(withContent(draft, current, { ...content, ...patch }), `${current}.${key}`, `${current}.${key}`)}
      />
    </TemplateEditorShell>
  );
}
