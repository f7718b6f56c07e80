/**
 * Step 1, Message Content: name, title, intro and channel (every channel; one the server cannot send yet is shown
 * disabled, with why), then the content, started from a library template of the channel or written here: an
 * email with the template builder's own block palette, block editor and preview (one renderer, shared/), another
 * channel with the template library's own channel editor and preview.
 */
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILDER_CHANNEL, CHANNELS, type Channel } from '../../../../../shared/delivery';
import type { BlockType } from '../../../../../shared/render';
import { call } from '../../../api/client';
import { useCall, useSession } from '../../../api/hooks';
import { keys } from '../../../api/keys';
import { TextField } from '../../../components/TextField';
import { useConfirm } from '../../../components/useConfirm';
import { showSuccess } from '../../../ui/toastBus';
import { BlockCanvas } from '../../template/builder/BlockCanvas';
import { AiComposer } from '../../template/builder/AiComposer';
import { BlockPalette } from '../../template/builder/BlockPalette';
import { LanguageTabs } from '../../template/builder/LanguageTabs';
import { PreviewPane } from '../../template/builder/PreviewPane';
import { PresetPicker } from '../../preset/PresetPicker';
import * as edits from '../../template/draft';
import { draftFromView, languagesOf } from '../../template/draft';
import { channelDraftFromView } from '../../template/channel/channelDraft';
import { TemplateApprovalTag } from '../../template/TemplateApprovalTag';
import { WebVersionField } from '../../template/WebVersionField';
import { FIELD_MAX, hasContent, type MessageField, type WizardErrors, type WizardForm, withChannel, withChannelTemplate, withTemplate } from '../wizard';
import { ClassificationFields } from '../ClassificationFields';
import { MessageTypeField } from '../MessageTypeField';
import { ChannelContent, useChannels } from './ChannelContent';
import { SelectField, TextAreaField } from '../../../components/Field';
import partStyles from '../planParts.module.css';
import shellStyles from '../../template/editor/TemplateEditorShell.module.css';
import wizardStyles from './wizard.module.css';

const TOKEN = '{{firstName|there}}';

export interface StepProps {
  form: WizardForm;
  errors: WizardErrors;
  /** whether a field's message is shown: touched, or every message after a refused Next or Save */
  shown: (path: string) => boolean;
  onChange: (next: WizardForm, touch?: string) => void;
}

/** The channel of the message: all five, those the server cannot send yet disabled with the reason. */
function ChannelChoice({ form, onChange, ask }: { form: WizardForm; onChange: StepProps['onChange']; ask: ReturnType<typeof useConfirm>[1] }) {
  const { t } = useTranslation();
  const channels = useChannels();
  async function choose(channel: Channel) {
    // the email is kept aside; another channel's content is replaced by the new channel's
    const loses = form.channel !== BUILDER_CHANNEL && channel !== BUILDER_CHANNEL && channel !== form.channel && hasContent(form);
    if (
      loses &&
      !(await ask({ header: t('campaign.wizard.channelChangeTitle'), message: t('campaign.wizard.channelChangeConfirm'), acceptLabel: t('campaign.wizard.replace'), danger: true }))
    )
      return;
    onChange(withChannel(form, channel), 'channel');
  }
  return (
    <fieldset className={`${partStyles.choiceGroup} span-2`} aria-describedby="plan-channel-hint">
      <legend>{t('plan.channel')}</legend>
      <div className={wizardStyles.channelOptions}>
        {CHANNELS.map((channel) => {
          const sendable = channels.sendable(channel);
          // a saved message on a channel that stopped sending stays shown as chosen
          const disabled = !sendable && form.channel !== channel;
          return (
            <div key={channel} className={`${wizardStyles.channelOption}${disabled ? ` ${wizardStyles.disabled}` : ''}`} data-testid={`channel-${channel}`}>
              <RadioButton
                inputId={`plan-channel-${channel}`}
                name="plan-channel"
                value={channel}
                checked={form.channel === channel}
                disabled={disabled}
                onChange={() => void choose(channel)}
              />
              <label htmlFor={`plan-channel-${channel}`}>
                {t(`campaign.channel.${channel}`)}
                {!sendable && channels.data && <span className="muted small"> {t('campaign.wizard.channelNotSendable')}</span>}
              </label>
            </div>
          );
        })}
      </div>
      <small id="plan-channel-hint" className="field-hint">
        {channels.error ? t('campaign.wizard.channelsError') : t('campaign.wizard.channelHint')}
      </small>
    </fieldset>
  );
}

export function ContentStep({ form, errors, shown, onChange }: StepProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [confirmElement, ask] = useConfirm();
  const mayUseLibrary = session?.userdetails.rolePermissions.includes('NAV_TEMPLATE_MESSAGE') ?? false;
  const templates = useCall(mayUseLibrary ? ['templateMessage.getAll', { pushWay: form.channel, activeOnly: true }] : null, {
    dedupingInterval: 10_000,
    shouldRetryOnError: false,
  });
  // with the template approval switch on, only templates their sheet approved as they are may be used
  const approvalSettings = useCall(mayUseLibrary ? keys.list('approvalSheet.settings', {}) : null, { dedupingInterval: 60_000 });
  const approvedOnly = approvalSettings.data?.templateApprovalSheet ?? false;
  const templateOptions = (templates.data ?? []).map((tm) => {
    const unapproved = approvedOnly && tm.approval !== 'PASS';
    // the label (shown, read out and searched) says so; the list adds the sheet's state
    return { value: tm.id, label: unapproved ? t('approval.template.pickerUnapproved', { name: tm.name }) : tm.name, disabled: unapproved, approval: tm.approval };
  });
  // the types the member's role may use, and the default a new message starts with
  const init = useCall(['planConfig.initSingle', {}], { dedupingInterval: 60_000 });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [loadingTemplate, setLoadingTemplate] = useState(false);
  const [language, setLanguage] = useState(form.email.defaultLanguage);
  const [selected, setSelected] = useState<string | null>(null);

  const draft = form.email;
  const current = draft.contents[language] ? language : draft.defaultLanguage;
  const content = draft.contents[current];
  const setEmail = (email: typeof draft, touch?: string) => onChange({ ...form, email }, touch);

  function fieldError(field: MessageField): string | undefined {
    const problem = errors.fields[field];
    if (!problem || !shown(field)) return undefined;
    // the spec's sentence names the field in lower case: "Please input the name!"
    const param = t(`campaign.field.${field}`).toLocaleLowerCase();
    return problem === 'required' ? t('validation.inputRequired', { param }) : t('campaign.wizard.tooLong', { param, max: FIELD_MAX[field] });
  }
  const emailError = (path: string, message: string | undefined) => (message && shown(path) ? message : undefined);

  async function applyTemplate() {
    if (!templateId) return;
    if (
      hasContent(form) &&
      !(await ask({ header: t('campaign.wizard.replaceTitle'), message: t('campaign.wizard.replaceConfirm'), acceptLabel: t('campaign.wizard.replace'), danger: true }))
    )
      return;
    setLoadingTemplate(true);
    try {
      const view = await call('templateMessage.detail', { id: templateId });
      const next = view.channel === BUILDER_CHANNEL ? withTemplate(form, draftFromView(view)) : withChannelTemplate(form, channelDraftFromView(view));
      onChange(next);
      setLanguage(next.email.defaultLanguage);
      setSelected(null);
      setTemplateId(null);
      showSuccess(t('campaign.wizard.templateUsed', { name: view.name }));
      // the button just used is disabled now: focus goes on to the content it filled, not to the page's body
      requestAnimationFrame(() => document.getElementById(view.channel === BUILDER_CHANNEL ? 'email-title' : 'channel-content-title')?.focus());
    } catch {
      // the client's toast says why
    } finally {
      setLoadingTemplate(false);
    }
  }

  function addBlock(type: BlockType) {
    const at = selected ? content.blocks.findIndex((b) => b.id === selected) + 1 || content.blocks.length : content.blocks.length;
    const [next, id] = edits.addBlock(draft, current, type, at);
    setEmail(next);
    setSelected(id);
  }

  const languages = languagesOf(draft);
  const invalidLanguages = new Set(languages.filter((l) => errors.email.languages[l] || draft.contents[l].blocks.some((b) => errors.email.blocks[b.id])));

  return (
    <>
      <section className={`card ${wizardStyles.wizardSection}`} aria-labelledby="message-fields-title">
        <h3 id="message-fields-title" className="card-title">
          {t('campaign.wizard.messageFields')}
        </h3>
        <div className="form-grid">
          <TextField
            id="plan-name"
            label={t('campaign.field.name')}
            value={form.name}
            maxLength={FIELD_MAX.name}
            error={fieldError('name')}
            onChange={(v) => onChange({ ...form, name: v }, 'name')}
          />
          <TextField
            id="plan-title"
            label={t('campaign.field.title')}
            value={form.title}
            maxLength={FIELD_MAX.title}
            error={fieldError('title')}
            onChange={(v) => onChange({ ...form, title: v }, 'title')}
          />
          <TextAreaField
            id="plan-intro"
            label={t('campaign.field.intro')}
            value={form.intro}
            maxLength={FIELD_MAX.intro}
            error={fieldError('intro')}
            onChange={(intro) => onChange({ ...form, intro }, 'intro')}
          />
          <ClassificationFields idPrefix="plan" value={{ tagIds: form.tagIds, categoryId: form.categoryId, groupId: form.groupId }} onChange={(c) => onChange({ ...form, ...c })} />
          <ChannelChoice form={form} onChange={onChange} ask={ask} />
          <MessageTypeField value={form.messageType} choices={init.data} onChange={(messageType) => onChange({ ...form, messageType }, 'messageType')} />
        </div>
      </section>

      <section className={`card ${wizardStyles.wizardSection}`} aria-labelledby="library-title">
        <h3 id="library-title" className="card-title">
          {t('campaign.wizard.fromLibrary')}
        </h3>
        {!mayUseLibrary || templates.error ? (
          <p className="muted">{t('campaign.wizard.libraryUnavailable')}</p>
        ) : (
          <div className={wizardStyles.inlineForm}>
            <SelectField
              id="plan-template"
              label={t('campaign.wizard.template')}
              value={templateOptions.some((tm) => tm.value === templateId && !tm.disabled) ? templateId : null}
              options={templateOptions}
              optionDisabled="disabled"
              itemTemplate={(o: (typeof templateOptions)[number]) => (
                <span className={wizardStyles.templateOption} data-approval={o.approval}>
                  <span>{o.label}</span>
                  {o.disabled && <TemplateApprovalTag state={o.approval} />}
                </span>
              )}
              aria-describedby={approvedOnly ? 'plan-template-approval-hint' : undefined}
              placeholder={
                templates.isLoading
                  ? t('campaign.loading')
                  : (templates.data ?? []).length === 0
                    ? t('campaign.wizard.noTemplatesOf', { channel: t(`campaign.channel.${form.channel}`) })
                    : t('campaign.wizard.chooseTemplate')
              }
              disabled={(templates.data ?? []).length === 0}
              filter
              pt={{ filterInput: { 'aria-label': t('campaign.wizard.searchTemplates') } }}
              onChange={(e) => setTemplateId(e.value as string)}
            />
            <Button
              type="button"
              outlined
              icon="pi pi-copy"
              label={t('campaign.wizard.useTemplate')}
              disabled={!templateId}
              loading={loadingTemplate}
              onClick={() => void applyTemplate()}
            />
            {approvedOnly && (
              <small id="plan-template-approval-hint" className="field-hint" data-testid="template-approval-hint">
                {templateOptions.some((o) => o.disabled) ? t('approval.template.pickerHintSome') : t('approval.template.pickerHint')}
              </small>
            )}
          </div>
        )}
      </section>

      {form.channel !== BUILDER_CHANNEL ? (
        <ChannelContent
          key={form.message.channel}
          draft={form.message}
          errors={errors.message}
          shown={shown}
          onChange={(message, touch) => onChange({ ...form, message }, touch)}
        />
      ) : (
        <div className={shellStyles.builderGrid}>
          <section className="card builder-editor" aria-labelledby="email-title">
            <h3 id="email-title" className="card-title" tabIndex={-1}>
              {t('campaign.wizard.email')}
            </h3>
            <LanguageTabs
              languages={languages}
              defaultLanguage={draft.defaultLanguage}
              current={current}
              invalid={invalidLanguages}
              onSelect={(l) => {
                setLanguage(l);
                setSelected(null);
              }}
              onAdd={(code) => {
                setEmail(edits.addLanguage(draft, code));
                setLanguage(code);
                setSelected(null);
              }}
              onMakeDefault={(code) => setEmail(edits.setDefaultLanguage(draft, code))}
              onRemove={(code) => {
                setEmail(edits.removeLanguage(draft, code));
                setLanguage(draft.defaultLanguage);
              }}
            >
              <AiComposer languages={languages} defaultLanguage={draft.defaultLanguage} onComposed={(template) => setEmail(edits.withComposed(draft, template))} />
              <PresetPicker channel={BUILDER_CHANNEL} language={current} onInsert={(preset) => setEmail(edits.withPreset(draft, current, preset))} />
              <div className="form-grid">
                <TextField
                  id="template-subject"
                  label={t('template.subject')}
                  value={content.subject}
                  maxLength={255}
                  error={emailError(`${current}.subject`, errors.email.languages[current]?.subject)}
                  hint={t('template.personalHint', { token: TOKEN })}
                  fieldClassName="span-2"
                  onChange={(v) => setEmail(edits.setLanguageField(draft, current, 'subject', v), `${current}.subject`)}
                />
                <TextField
                  id="template-preheader"
                  label={t('template.preheader')}
                  value={content.preheader}
                  maxLength={255}
                  error={emailError(`${current}.preheader`, errors.email.languages[current]?.preheader)}
                  hint={t('template.preheaderHint')}
                  fieldClassName="span-2"
                  onChange={(v) => setEmail(edits.setLanguageField(draft, current, 'preheader', v), `${current}.preheader`)}
                />
                <WebVersionField id="template-web-version" checked={!!content.webVersion} onChange={(on) => setEmail(edits.setWebVersion(draft, current, on))} />
              </div>
              <BlockPalette onAdd={addBlock} />
              <BlockCanvas
                blocks={content.blocks}
                selectedId={selected}
                invalidIds={new Set(Object.keys(errors.email.blocks))}
                errorsOf={(blockId) => Object.fromEntries(Object.entries(errors.email.blocks[blockId] ?? {}).filter(([field]) => shown(`${blockId}.${field}`)))}
                onSelect={setSelected}
                onMove={(blockId, to) => setEmail(edits.moveBlock(draft, current, blockId, to))}
                onRemove={(blockId) => {
                  setEmail(edits.removeBlock(draft, current, blockId));
                  if (selected === blockId) setSelected(null);
                }}
                onInsert={(type, index) => {
                  const [next, id] = edits.addBlock(draft, current, type, index);
                  setEmail(next);
                  setSelected(id);
                }}
                onChange={(blockId, field, value) => setEmail(edits.updateBlock(draft, current, blockId, field, value), `${blockId}.${field}`)}
              />
            </LanguageTabs>
          </section>
          <PreviewPane draft={draft} language={current} />
        </div>
      )}
      {confirmElement}
    </>
  );
}
