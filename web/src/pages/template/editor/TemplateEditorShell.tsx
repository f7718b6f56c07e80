/**
 * The frame of every template editor: while loading the load state; then the header (back link, title, unsaved
 * tag, undo, redo, save), the details every template has (name, category, folder, active, with the editor's own
 * after them), the content card with its language tabs, and the editor's preview beside it.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Tag } from 'primereact/tag';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMessageFolders, useTemplateCategories } from '../../../api/hooks';
import { EditorLoadState } from '../../../components/EditorLoadState';
import { TextField } from '../../../components/TextField';
import { type Channel, DEFAULT_CHANNEL } from '../../../../../shared/delivery';
import type { PresetInsertion } from '../../../../../shared/services/preset';
import { PresetPicker } from '../../preset/PresetPicker';
import { LanguageTabs } from '../builder/LanguageTabs';
import { TranslationSync } from '../builder/TranslationSync';
import { LIBRARY_PATH } from '../paths';
import { type ApprovalTarget, TemplateApprovalDialog } from '../TemplateApprovalDialog';
import type { EditorDraft, TemplateEditor } from './useTemplateEditor';
import { UndoRedoButtons } from './UndoRedoButtons';
import styles from './TemplateEditorShell.module.css';
import linkStyles from '../../../components/links.module.css';
import { SelectField } from '../../../components/Field';

type ShellDraft = EditorDraft & { categoryId: string | null; folderId: string | null; active: boolean };

export function TemplateEditorShell<D extends ShellDraft>({
  editor,
  className,
  channel,
  title,
  intro,
  tags,
  nameError,
  details,
  languages,
  invalidLanguages,
  onAddLanguage,
  onSave,
  preview,
  children,
  after,
  onInsertPreset,
}: {
  editor: TemplateEditor<D>;
  className?: string;
  /** the channel editors mark their page with the channel */
  channel?: string;
  title: string;
  intro: string;
  /** before the unsaved tag */
  tags?: ReactNode;
  nameError: string | undefined;
  /** the editor's own details, after the shared ones */
  details?: ReactNode;
  languages: readonly string[];
  invalidLanguages: ReadonlySet<string>;
  onAddLanguage: (code: string) => void;
  onSave: () => void;
  preview: ReactNode;
  /** the current language's content */
  children: ReactNode;
  /** after the content and preview (a live region) */
  after?: ReactNode;
  /** a preset's content for the current language, to put into its fields */
  onInsertPreset?: (insertion: PresetInsertion) => void;
}) {
  const { t } = useTranslation();
  const categories = useTemplateCategories();
  const folders = useMessageFolders();
  const { draft, edit, history, dispatch } = editor;
  const [approvalOf, setApprovalOf] = useState<ApprovalTarget | null>(null);

  if (editor.loading !== 'no') {
    return (
      <EditorLoadState
        title={t('page.templateEditor')}
        state={editor.loading}
        error={t('template.loadError')}
        onRetry={editor.reload}
        back={LIBRARY_PATH}
        backLabel={t('template.back')}
      />
    );
  }

  return (
    <section className={['page template-builder', className].filter(Boolean).join(' ')} data-channel={channel}>
      <header className="page-header">
        <div>
          <Link to={LIBRARY_PATH} className={linkStyles.backLink}>
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>{t('template.back')}</span>
          </Link>
          <h1>{editor.saved ? editor.saved.name : title}</h1>
          <p className="muted">{intro}</p>
        </div>
        <div className={`${styles.builderActions} builder-actions`}>
          {tags}
          {editor.dirty && <Tag value={t('template.unsaved')} severity="warning" rounded />}
          <UndoRedoButtons history={history} dispatch={dispatch} />
          {onInsertPreset && <PresetPicker channel={(channel as Channel | undefined) ?? DEFAULT_CHANNEL} language={editor.current} onInsert={onInsertPreset} />}
          {editor.saved && (
            <Button
              type="button"
              icon="pi pi-verified"
              outlined
              label={t('approval.template.sheet')}
              onClick={() => editor.saved && setApprovalOf({ id: editor.saved.id, name: editor.saved.name })}
            />
          )}
          <Button type="button" icon="pi pi-save" label={t('common.save')} loading={editor.busy} onClick={onSave} />
        </div>
      </header>
      <TemplateApprovalDialog target={approvalOf} onHide={() => setApprovalOf(null)} />

      <section className={`card ${styles.templateDetails}`} aria-labelledby="details-title">
        <h2 id="details-title" className="card-title">
          {t('template.details')}
        </h2>
        <div className={styles.detailsGrid}>
          <TextField
            id="template-name"
            label={t('template.name')}
            value={draft.name}
            maxLength={100}
            error={editor.nameTaken || nameError}
            onChange={(v) => {
              editor.clearNameTaken();
              edit({ ...draft, name: v }, 'name', 'name');
            }}
          />
          <SelectField
            id="template-category"
            label={t('template.category')}
            value={draft.categoryId}
            options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: String(c.name) }))}
            placeholder={t('template.noCategory')}
            showClear
            onChange={(e) => edit({ ...draft, categoryId: e.value ?? null })}
          />
          <SelectField
            id="template-folder"
            label={t('template.folder')}
            value={draft.folderId}
            options={(folders.data ?? []).map((f) => ({ value: String(f.id), label: String(f.title) }))}
            placeholder={t('template.noFolder')}
            showClear
            onChange={(e) => edit({ ...draft, folderId: e.value ?? null })}
          />
          <div className="field checkbox-row">
            <Checkbox inputId="template-active" checked={draft.active} onChange={(e) => edit({ ...draft, active: Boolean(e.checked) })} />
            <label htmlFor="template-active">{t('template.active')}</label>
          </div>
          {details}
        </div>
      </section>

      <div className={styles.builderGrid}>
        <section className="card builder-editor" aria-labelledby="content-title">
          <h2 id="content-title" className="card-title">
            {t('template.content')}
          </h2>
          <LanguageTabs
            languages={languages}
            defaultLanguage={draft.defaultLanguage}
            current={editor.current}
            invalid={invalidLanguages}
            onSelect={editor.showLanguage}
            onAdd={(code) => {
              onAddLanguage(code);
              editor.showLanguage(code);
            }}
            onMakeDefault={(code) => edit({ ...draft, defaultLanguage: code })}
            onRemove={(code) => void editor.removeLanguage(code)}
          >
            {children}
          </LanguageTabs>
          {editor.saved && (
            <TranslationSync templateId={editor.saved.id} languages={languages} defaultLanguage={draft.defaultLanguage} dirty={editor.dirty} onPulled={editor.reload} />
          )}
        </section>
        {preview}
      </div>
      {after}
      {editor.confirmElement}
    </section>
  );
}
