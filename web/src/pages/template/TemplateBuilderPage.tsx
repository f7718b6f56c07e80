/**
 * The email builder (/library/message/template, `?id=` to open a saved template): name, category, active and
 * theme; per language a subject, a preheader and blocks from the registry, each with its property panel; undo
 * and redo; the live preview; a save checked with the server's own schema and sent with the version read.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { BlockType } from '../../../../shared/render';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { handleApiError } from '../../api/errorHandler';
import { invalidate, useMessageFolders, useTemplateCategories } from '../../api/hooks';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { EditorLoadState } from '../../components/EditorLoadState';
import { useConfirm } from '../../components/useConfirm';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { showError, showSuccess } from '../../ui/toastBus';
import { BlockCanvas, blockSelectId } from './builder/BlockCanvas';
import { BlockPalette } from './builder/BlockPalette';
import { ColorField } from './builder/ColorField';
import { LanguageTabs } from './builder/LanguageTabs';
import { PreviewPane } from './builder/PreviewPane';
import * as edits from './draft';
import { type Draft, draftFromView, languagesOf, newDraft, toSavePayload } from './draft';
import { historyReducer, startHistory } from './history';
import { builderPath, LIBRARY_PATH } from './paths';
import { validateDraft } from './validation';
import './template.css';
import '../../i18n/areas/template';
import { useOrgLocale } from '../../app/locale';

const TOKEN = '{{firstName|there}}';

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export default function TemplateBuilderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const categories = useTemplateCategories();
  const folders = useMessageFolders();
  const [confirmElement, ask] = useConfirm();

  const orgLocale = useOrgLocale();
  const [history, dispatch] = useReducer(historyReducer<Draft>, undefined, () => startHistory(newDraft(orgLocale.language)));
  const draft = history.present;
  /** the draft as last loaded or saved: anything else is unsaved */
  const [clean, setClean] = useState<Draft>(history.present);
  const [saved, setSaved] = useState<{ id: string; version: number; name: string } | null>(null);
  const [loading, setLoading] = useState<'no' | 'yes' | 'failed'>(id ? 'yes' : 'no');
  const [language, setLanguage] = useState(draft.defaultLanguage);
  const [selected, setSelected] = useState<string | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [nameTaken, setNameTaken] = useState('');
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const current = draft.contents[language] ? language : draft.defaultLanguage;
  const content = draft.contents[current];
  const dirty = draft !== clean;
  const errors = useMemo(() => validateDraft(draft), [draft]);

  const start = useCallback((next: Draft, savedAs: typeof saved) => {
    dispatch({ type: 'reset', value: next });
    setClean(next);
    setSaved(savedAs);
    setLanguage(next.defaultLanguage);
    setSelected(null);
    setTouched(new Set());
    setShowAll(false);
    setNameTaken('');
  }, []);

  const load = useCallback(
    async (templateId: string) => {
      setLoading('yes');
      try {
        const view = await call('templateMessage.detail', { id: templateId });
        if (view.channel !== 'EMAIL') {
          // not an email: open it in its own channel's editor
          await navigate(builderPath(view.id, view.channel), { replace: true });
          return;
        }
        start(draftFromView(view), { id: view.id, version: view.version, name: view.name });
        setLoading('no');
      } catch {
        setLoading('failed');
      }
    },
    [start, navigate],
  );

  // reads the latest `saved` and language without running again when they change
  const followAddress = useEffectEvent((address: string | null, loadTemplate: typeof load, startDraft: typeof start) => {
    if (address && address !== saved?.id) void loadTemplate(address);
    else if (!address && saved) startDraft(newDraft(orgLocale.language), null);
  });
  // `saved` changes with every save; only a different template in the address loads
  useEffect(() => followAddress(id, load, start), [id, load, start]);

  useLeaveGuard(dirty, ask, { header: t('template.leaveTitle'), message: t('template.leaveConfirm'), accept: t('template.leave') });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) dispatch({ type: 'undo' });
      else if ((key === 'z' && e.shiftKey) || key === 'y') dispatch({ type: 'redo' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** One edit; `key` names what changed, so typing in one field makes one undo step. */
  function edit(next: Draft, key?: string, touch?: string) {
    dispatch({ type: 'edit', value: next, key, at: Date.now() });
    if (touch && !touched.has(touch)) setTouched(new Set(touched).add(touch));
  }
  const shown = (path: string, message: string | undefined) => (message && (showAll || touched.has(path)) ? message : undefined);
  const blockName = (type: string, position: number) => t('template.blockLabel', { block: t(`template.block.${type}`, { defaultValue: type }), position });

  function addBlock(type: BlockType, index?: number) {
    const at = index ?? (selected ? content.blocks.findIndex((b) => b.id === selected) + 1 || content.blocks.length : content.blocks.length);
    const [next, blockId] = edits.addBlock(draft, current, type, at);
    edit(next);
    setSelected(blockId);
    setAnnouncement(t('template.added', { block: t(`template.block.${type}`), position: at + 1 }));
  }

  function moveBlock(blockId: string, to: number) {
    const block = content.blocks.find((b) => b.id === blockId);
    if (!block) return;
    edit(edits.moveBlock(draft, current, blockId, to));
    setAnnouncement(t('template.moved', { block: t(`template.block.${block.type}`), position: to + 1, count: content.blocks.length }));
    // the moved block keeps the focus where the keyboard or its buttons left it
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) document.getElementById(blockSelectId(blockId))?.focus();
    });
  }

  function removeBlock(blockId: string) {
    const index = content.blocks.findIndex((b) => b.id === blockId);
    if (index < 0) return;
    edit(edits.removeBlock(draft, current, blockId));
    if (selected === blockId) setSelected(null);
    setAnnouncement(t('template.removed', { block: blockName(content.blocks[index].type, index + 1) }));
    const neighbour = content.blocks[index + 1] ?? content.blocks[index - 1];
    requestAnimationFrame(() => document.getElementById(neighbour ? blockSelectId(neighbour.id) : 'palette-title')?.focus());
  }

  async function removeLanguage(code: string) {
    if (
      !(await ask({ header: t('template.removeLanguageTitle'), message: t('template.removeLanguageConfirm', { language: code }), acceptLabel: t('common.delete'), danger: true }))
    )
      return;
    edit(edits.removeLanguage(draft, code));
    setLanguage(draft.defaultLanguage);
  }

  /** After a refused save: the first language and block with a message come into view. */
  function revealFirstError() {
    const languages = languagesOf(draft);
    for (const l of languages) {
      const block = draft.contents[l].blocks.find((b) => errors.blocks[b.id]);
      if (errors.languages[l] || block) {
        setLanguage(l);
        if (block) setSelected(block.id);
        return;
      }
    }
  }

  async function save() {
    if (errors.count > 0) {
      setShowAll(true);
      revealFirstError();
      showError(`${t('template.invalid')} ${t('template.invalidCount', { count: errors.count })}`);
      return;
    }
    setBusy(true);
    try {
      const view = await call('templateMessage.save', toSavePayload(draft, saved ?? undefined), { quiet: true });
      setClean(draft);
      setSaved({ id: view.id, version: view.version, name: view.name });
      void invalidate('templateMessage.getListByPage', 'templateMessage.getAll');
      if (!id) await navigate(builderPath(view.id), { replace: true });
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

  const languages = languagesOf(draft);
  const invalidLanguages = new Set(languages.filter((l) => errors.languages[l] || draft.contents[l].blocks.some((b) => errors.blocks[b.id])));

  return (
    <section className="page template-builder">
      <header className="page-header">
        <div>
          <Link to={LIBRARY_PATH} className="back-link">
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>{t('template.back')}</span>
          </Link>
          <h1>{saved ? saved.name : t('template.newTitle')}</h1>
          <p className="muted">{t('template.builderIntro')}</p>
        </div>
        <div className="builder-actions">
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
            error={nameTaken || shown('name', errors.fields.name)}
            onChange={(v) => {
              setNameTaken('');
              edit({ ...draft, name: v }, 'name', 'name');
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
          <div className="field checkbox-row">
            <Checkbox inputId="template-active" checked={draft.active} onChange={(e) => edit({ ...draft, active: Boolean(e.checked) })} />
            <label htmlFor="template-active">{t('template.active')}</label>
          </div>
          <ColorField
            id="theme-primary"
            label={t('template.primaryColor')}
            value={draft.theme.primaryColor}
            error={shown('theme.primaryColor', errors.fields['theme.primaryColor'])}
            onChange={(v) => edit({ ...draft, theme: { ...draft.theme, primaryColor: v } }, 'theme.primaryColor', 'theme.primaryColor')}
          />
          <ColorField
            id="theme-secondary"
            label={t('template.secondaryColor')}
            value={draft.theme.secondaryColor}
            error={shown('theme.secondaryColor', errors.fields['theme.secondaryColor'])}
            onChange={(v) => edit({ ...draft, theme: { ...draft.theme, secondaryColor: v } }, 'theme.secondaryColor', 'theme.secondaryColor')}
          />
        </div>
      </section>

      <div className="builder-grid">
        <section className="card builder-editor" aria-labelledby="content-title">
          <h2 id="content-title" className="card-title">
            {t('template.content')}
          </h2>
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
              edit(edits.addLanguage(draft, code));
              setLanguage(code);
              setSelected(null);
            }}
            onMakeDefault={(code) => edit(edits.setDefaultLanguage(draft, code))}
            onRemove={(code) => void removeLanguage(code)}
          >
            <div className="form-grid">
              <TextField
                id="template-subject"
                label={t('template.subject')}
                value={content.subject}
                maxLength={255}
                error={shown(`${current}.subject`, errors.languages[current]?.subject)}
                hint={t('template.personalHint', { token: TOKEN })}
                fieldClassName="span-2"
                onChange={(v) => edit(edits.setLanguageField(draft, current, 'subject', v), `subject:${current}`, `${current}.subject`)}
              />
              <TextField
                id="template-preheader"
                label={t('template.preheader')}
                value={content.preheader}
                maxLength={255}
                error={shown(`${current}.preheader`, errors.languages[current]?.preheader)}
                hint={t('template.preheaderHint')}
                fieldClassName="span-2"
                onChange={(v) => edit(edits.setLanguageField(draft, current, 'preheader', v), `preheader:${current}`, `${current}.preheader`)}
              />
            </div>
            {errors.fields.contents && <p className="p-error">{errors.fields.contents}</p>}
            <BlockPalette onAdd={(type) => addBlock(type)} />
            <p id="reorder-hint" className="muted small">
              {t('template.reorderHint')}
            </p>
            <BlockCanvas
              blocks={content.blocks}
              selectedId={selected}
              invalidIds={new Set(Object.keys(errors.blocks))}
              errorsOf={(blockId) => Object.fromEntries(Object.entries(errors.blocks[blockId] ?? {}).filter(([field]) => showAll || touched.has(`${blockId}.${field}`)))}
              onSelect={setSelected}
              onMove={moveBlock}
              onRemove={removeBlock}
              onInsert={(type, index) => addBlock(type, index)}
              onChange={(blockId, field, value) => edit(edits.updateBlock(draft, current, blockId, field, value), `block:${blockId}:${field}`, `${blockId}.${field}`)}
            />
          </LanguageTabs>
        </section>
        <PreviewPane draft={draft} language={current} />
      </div>
      <div className="sr-only" aria-live="polite" role="status">
        {announcement}
      </div>
      {confirmElement}
    </section>
  );
}
