/**
 * The editor of push, SMS, LINE and letter templates (/library/message/template?channel=…, `&id=` to open one):
 * name, category, folder, active (and a letter's sending company); per language the channel's content; undo and
 * redo; a live preview as the recipient gets it; a save checked with the server's own schema.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { LetterSender } from '../../../../../shared/content';
import { ApiError } from '../../../api/apiError';
import { call } from '../../../api/client';
import { handleApiError } from '../../../api/errorHandler';
import { invalidate, useCall, useMessageFolders, useTemplateCategories } from '../../../api/hooks';
import { Select } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { EditorLoadState } from '../../../components/EditorLoadState';
import { useConfirm } from '../../../components/useConfirm';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { showError, showSuccess } from '../../../ui/toastBus';
import { LanguageTabs } from '../builder/LanguageTabs';
import { historyReducer, startHistory } from '../history';
import { builderPath, LIBRARY_PATH } from '../paths';
import { SAMPLE_RECIPIENT } from '../preview';
import {
  addChannelLanguage,
  type ChannelDraft,
  channelDraftFromView,
  channelLanguages,
  type Content,
  type ContentChannel,
  newChannelDraft,
  removeChannelLanguage,
  toChannelPayload,
  validateChannelDraft,
  withContent,
} from './channelDraft';
import type { EditorProps } from './fields';
import { LetterEditor, LetterPreview } from './LetterContent';
import { LineEditor, LinePreview } from './LineContent';
import { PushEditor, PushPreview } from './PushContent';
import { SmsEditor, SmsPreview } from './SmsContent';
import '../template.css';
import './channel.css';
import '../../../i18n/areas/template';
import '../../../i18n/areas/channelContent';
import { useOrgLocale } from '../../../app/locale';

const EDITORS: Record<ContentChannel, (props: EditorProps) => React.JSX.Element> = { PUSH_NATIVE: PushEditor, SMS: SmsEditor, LINE: LineEditor, DIRECT_MAIL: LetterEditor };
const companiesKey = ['company.getAll', {}] as const;

export default function ChannelTemplatePage({ channel, id }: { channel: ContentChannel; id: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useTemplateCategories();
  const folders = useMessageFolders();
  const companies = useCall(channel === 'DIRECT_MAIL' ? companiesKey : null, { dedupingInterval: 10_000 });
  const [confirmElement, ask] = useConfirm();

  const orgLocale = useOrgLocale();
  const [history, dispatch] = useReducer(historyReducer<ChannelDraft>, undefined, () => startHistory(newChannelDraft(channel, orgLocale.language)));
  const draft = history.present;
  const [clean, setClean] = useState<ChannelDraft>(history.present);
  const [saved, setSaved] = useState<{ id: string; version: number; name: string } | null>(null);
  const [loading, setLoading] = useState<'no' | 'yes' | 'failed'>(id ? 'yes' : 'no');
  const [language, setLanguage] = useState(draft.defaultLanguage);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [nameTaken, setNameTaken] = useState('');
  const [busy, setBusy] = useState(false);

  const current = draft.contents[language] ? language : draft.defaultLanguage;
  const dirty = draft !== clean;
  const errors = useMemo(() => validateChannelDraft(draft), [draft]);
  const shown = (key: string) => (errors.messages[key] && (showAll || touched.has(key)) ? errors.messages[key] : undefined);

  const start = useCallback((next: ChannelDraft, savedAs: typeof saved) => {
    dispatch({ type: 'reset', value: next });
    setClean(next);
    setSaved(savedAs);
    setLanguage(next.defaultLanguage);
    setTouched(new Set());
    setShowAll(false);
    setNameTaken('');
  }, []);

  const load = useCallback(
    async (templateId: string) => {
      setLoading('yes');
      try {
        const view = await call('templateMessage.detail', { id: templateId });
        if (view.channel !== channel) {
          // the address named another channel: open the template in its own editor
          await navigate(builderPath(view.id, view.channel), { replace: true });
          return;
        }
        start(channelDraftFromView(view), { id: view.id, version: view.version, name: view.name });
        setLoading('no');
      } catch {
        setLoading('failed');
      }
    },
    [start, channel, navigate],
  );

  // reads the latest `saved`, channel and language without running again when they change
  const followAddress = useEffectEvent((address: string | null, loadTemplate: typeof load, startDraft: typeof start) => {
    if (address && address !== saved?.id) void loadTemplate(address);
    else if (!address && saved) startDraft(newChannelDraft(channel, orgLocale.language), null);
  });
  // `saved` changes with every save; only a different template in the address loads
  useEffect(() => followAddress(id, load, start), [id, load, start]);

  useLeaveGuard(dirty, ask, { header: t('template.leaveTitle'), message: t('template.leaveConfirm'), accept: t('template.leave') });

  function edit(next: ChannelDraft, key?: string) {
    dispatch({ type: 'edit', value: next, key, at: Date.now() });
    if (key && !touched.has(key)) setTouched(new Set(touched).add(key));
  }

  async function removeLanguage(code: string) {
    if (
      !(await ask({ header: t('template.removeLanguageTitle'), message: t('template.removeLanguageConfirm', { language: code }), acceptLabel: t('common.delete'), danger: true }))
    )
      return;
    edit(removeChannelLanguage(draft, code));
    setLanguage(draft.defaultLanguage);
  }

  async function save() {
    if (errors.count > 0) {
      setShowAll(true);
      const first = channelLanguages(draft).find((l) => errors.languages.has(l));
      if (first) setLanguage(first);
      showError(`${t('template.invalid')} ${t('template.invalidCount', { count: errors.count })}`);
      return;
    }
    setBusy(true);
    try {
      const view = await call('templateMessage.save', toChannelPayload(draft, saved ?? undefined), { quiet: true });
      setClean(draft);
      setSaved({ id: view.id, version: view.version, name: view.name });
      void invalidate('templateMessage.getListByPage', 'templateMessage.getAll');
      if (!id) await navigate(builderPath(view.id, channel), { replace: true });
      showSuccess(t(saved ? 'template.saved' : 'template.created', { name: view.name }));
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError('400000');
      if (error.code === '720001') {
        setNameTaken(t('template.taken'));
        setShowAll(true);
      } else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  const channelName = t(`channelContent.channels.${channel}`);
  if (loading !== 'no') {
    return (
      <EditorLoadState
        title={t('page.templateEditor')}
        state={loading}
        error={t('template.loadError')}
        onRetry={() => id && void load(id)}
        back={LIBRARY_PATH}
        backLabel={t('template.back')}
      />
    );
  }

  const Editor = EDITORS[channel];
  const content = draft.contents[current] ?? {};
  const companyList = (companies.data ?? []) as unknown as (LetterSender & { id: string })[];
  const sender = companyList.find((c) => c.id === draft.companyId) ?? null;
  const previewProps = { content, language: current, recipient: SAMPLE_RECIPIENT };

  return (
    <section className="page template-builder channel-template" data-channel={channel}>
      <header className="page-header">
        <div>
          <Link to={LIBRARY_PATH} className="back-link">
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>{t('template.back')}</span>
          </Link>
          <h1>{saved ? saved.name : t('channelContent.newTitle', { channel: channelName })}</h1>
          <p className="muted">{t(`channelContent.intro.${channel}`)}</p>
        </div>
        <div className="builder-actions">
          <Tag value={channelName} rounded />
          {dirty && <Tag value={t('template.unsaved')} severity="warning" rounded />}
          <Button
            type="button"
            icon="pi pi-undo"
            text
            rounded
            aria-label={t('template.undo')}
            title={t('template.undo')}
            disabled={history.past.length === 0}
            onClick={() => dispatch({ type: 'undo' })}
          />
          <Button
            type="button"
            icon="pi pi-undo"
            text
            rounded
            className="flip"
            aria-label={t('template.redo')}
            title={t('template.redo')}
            disabled={history.future.length === 0}
            onClick={() => dispatch({ type: 'redo' })}
          />
          <Button type="button" icon="pi pi-save" label={t('common.save')} loading={busy} onClick={() => void save()} />
        </div>
      </header>

      <section className="card template-details" aria-labelledby="details-title">
        <h2 id="details-title" className="card-title">
          {t('template.details')}
        </h2>
        <div className="details-grid">
          <TextField
            id="template-name"
            label={t('template.name')}
            value={draft.name}
            maxLength={100}
            error={nameTaken || shown('name')}
            onChange={(v) => {
              setNameTaken('');
              edit({ ...draft, name: v }, 'name');
            }}
          />
          <div className="field">
            <label htmlFor="template-category">{t('template.category')}</label>
            <Select
              inputId="template-category"
              label={t('template.category')}
              labelled
              value={draft.categoryId}
              options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: String(c.name) }))}
              placeholder={t('template.noCategory')}
              showClear
              onChange={(e) => edit({ ...draft, categoryId: e.value ?? null })}
            />
          </div>
          <div className="field">
            <label htmlFor="template-folder">{t('template.folder')}</label>
            <Select
              inputId="template-folder"
              label={t('template.folder')}
              labelled
              value={draft.folderId}
              options={(folders.data ?? []).map((f) => ({ value: String(f.id), label: String(f.title) }))}
              placeholder={t('template.noFolder')}
              showClear
              onChange={(e) => edit({ ...draft, folderId: e.value ?? null })}
            />
          </div>
          {channel === 'DIRECT_MAIL' && (
            <div className="field">
              <label htmlFor="template-company">{t('channelContent.letter.company')}</label>
              <Select
                inputId="template-company"
                label={t('channelContent.letter.company')}
                labelled
                value={draft.companyId}
                options={companyList.map((c) => ({ value: c.id, label: c.company }))}
                placeholder={t('channelContent.letter.noCompany')}
                emptyMessage={t('channelContent.letter.noCompanies')}
                showClear
                onChange={(e) => edit({ ...draft, companyId: e.value ?? null })}
              />
            </div>
          )}
          <div className="field checkbox-row">
            <Checkbox inputId="template-active" checked={draft.active} onChange={(e) => edit({ ...draft, active: Boolean(e.checked) })} />
            <label htmlFor="template-active">{t('template.active')}</label>
          </div>
        </div>
      </section>

      <div className="builder-grid">
        <section className="card builder-editor" aria-labelledby="content-title">
          <h2 id="content-title" className="card-title">
            {t('template.content')}
          </h2>
          <LanguageTabs
            languages={channelLanguages(draft)}
            defaultLanguage={draft.defaultLanguage}
            current={current}
            invalid={errors.languages}
            onSelect={setLanguage}
            onAdd={(code) => {
              edit(addChannelLanguage(draft, code));
              setLanguage(code);
            }}
            onMakeDefault={(code) => edit({ ...draft, defaultLanguage: code })}
            onRemove={(code) => void removeLanguage(code)}
          >
            <Editor
              key={current}
              content={content}
              language={current}
              idPrefix={`content-${current}`}
              error={(path) => shown(`${current}.${path}`)}
              set={(patch: Content, key: string) => edit(withContent(draft, current, { ...content, ...patch }), `${current}.${key}`)}
            />
          </LanguageTabs>
        </section>
        <section className="card builder-preview" aria-labelledby="preview-title">
          <h2 id="preview-title" className="card-title">
            {t('template.preview')}
          </h2>
          {channel === 'PUSH_NATIVE' && <PushPreview {...previewProps} />}
          {channel === 'SMS' && <SmsPreview {...previewProps} />}
          {channel === 'LINE' && <LinePreview {...previewProps} />}
          {channel === 'DIRECT_MAIL' && <LetterPreview draft={draft} language={current} sender={sender} recipient={SAMPLE_RECIPIENT} valid={errors.count === 0} />}
          <p className="muted small">{t('channelContent.sampleNote', { name: `${String(SAMPLE_RECIPIENT.firstName)} ${String(SAMPLE_RECIPIENT.lastName)}` })}</p>
        </section>
      </div>
      {confirmElement}
    </section>
  );
}
