/**
 * The email builder (/library/message/template, `?id=` to open a saved template): name, category, active and
 * theme; per language a subject, a preheader and blocks from the registry, each with its property panel; undo
 * and redo; the live preview; a save checked with the server's own schema and sent with the version read.
 */
import { DEFAULT_CHANNEL } from '../../../../shared/delivery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { BlockType } from '../../../../shared/render';
import { TextField } from '../../components/TextField';
import { BlockCanvas, blockSelectId } from './builder/BlockCanvas';
import { AiComposer } from './builder/AiComposer';
import { BlockPalette } from './builder/BlockPalette';
import { ColorField } from './builder/ColorField';
import { PreviewPane } from './builder/PreviewPane';
import * as edits from './draft';
import { WebVersionField } from './WebVersionField';
import { type Draft, draftFromView, languagesOf, newDraft, toSavePayload } from './draft';
import { TemplateEditorShell } from './editor/TemplateEditorShell';
import { useTemplateEditor } from './editor/useTemplateEditor';
import { useUndoShortcuts } from './editor/useDraftHistory';
import { validateDraft } from './validation';
import '../../i18n/areas/template';
import { useOrgLocale } from '../../app/locale';

const TOKEN = '{{firstName|there}}';

export default function TemplateBuilderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const orgLocale = useOrgLocale();
  const [selected, setSelected] = useState<string | null>(null);
  const editor = useTemplateEditor<Draft>({
    id,
    channel: DEFAULT_CHANNEL,
    blank: () => newDraft(orgLocale.language),
    fromView: draftFromView,
    toPayload: toSavePayload,
    withoutLanguage: edits.removeLanguage,
    onLanguageChange: () => setSelected(null),
  });
  const { draft, dispatch, edit, current } = editor;
  const [announcement, setAnnouncement] = useState('');

  const content = draft.contents[current];
  const errors = useMemo(() => validateDraft(draft), [draft]);

  useUndoShortcuts(dispatch);

  const shown = (path: string, message: string | undefined) => (message && editor.visible(path) ? message : undefined);

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

  /** After a refused save: the first language and block with a message come into view. */
  function revealFirstError() {
    const languages = languagesOf(draft);
    for (const l of languages) {
      const block = draft.contents[l].blocks.find((b) => errors.blocks[b.id]);
      if (errors.languages[l] || block) {
        editor.showLanguage(l);
        if (block) setSelected(block.id);
        return;
      }
    }
  }

  const languages = languagesOf(draft);
  const invalidLanguages = new Set(languages.filter((l) => errors.languages[l] || draft.contents[l].blocks.some((b) => errors.blocks[b.id])));

  return (
    <TemplateEditorShell
      editor={editor}
      title={t('template.newTitle')}
      intro={t('template.builderIntro')}
      nameError={shown('name', errors.fields.name)}
      details={
        <>
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
        </>
      }
      languages={languages}
      invalidLanguages={invalidLanguages}
      onAddLanguage={(code) => edit(edits.addLanguage(draft, code))}
      onSave={() => void editor.save(errors.count, revealFirstError)}
      preview={<PreviewPane draft={draft} language={current} />}
      onInsertPreset={(preset) => {
        edit(edits.withPreset(draft, current, preset));
        setSelected(null);
      }}
      after={
        <div className="sr-only" aria-live="polite" role="status">
          {announcement}
        </div>
      }
    >
      {content && (
        <>
          <AiComposer
            languages={languages}
            defaultLanguage={draft.defaultLanguage}
            onComposed={(template) => {
              edit(edits.withComposed(draft, template));
              setSelected(null);
            }}
          />
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
            <WebVersionField id="template-web-version" checked={!!content.webVersion} onChange={(on) => edit(edits.setWebVersion(draft, current, on))} />
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
            errorsOf={(blockId) => Object.fromEntries(Object.entries(errors.blocks[blockId] ?? {}).filter(([field]) => editor.visible(`${blockId}.${field}`)))}
            onSelect={setSelected}
            onMove={moveBlock}
            onRemove={removeBlock}
            onInsert={(type, index) => addBlock(type, index)}
            onChange={(blockId, field, value) => edit(edits.updateBlock(draft, current, blockId, field, value), `block:${blockId}:${field}`, `${blockId}.${field}`)}
          />
        </>
      )}
    </TemplateEditorShell>
  );
}
