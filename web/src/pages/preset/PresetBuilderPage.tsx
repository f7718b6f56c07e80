/**
 * The preset builder (/library/preset/builder, `?id=` a preset, `?template=` a new preset from a preset template):
 * the details, per language a subject and blocks with the template builder's own palette, canvas and preview,
 * and the parameter set (the organization's preset parameters, a column of each and its default value), whose
 * tokens go into the selected block or the subject. Undo and redo take back any edit of these, as in the
 * template builder.
 */
import { RowAction } from '../../components/list/RowAction';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PresetParameter } from '../../../../shared/entities/presetParameter';
import { PRESET_CHANNELS, type Preset, type PresetParameterUse, presetToken, withParameterDefaults } from '../../../../shared/entities/preset';
import type { BlockType } from '../../../../shared/render';
import { call } from '../../api/client';
import { invalidate, useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../ui/toastBus';
import { BlockCanvas } from '../template/builder/BlockCanvas';
import { BlockPalette } from '../template/builder/BlockPalette';
import { LanguageTabs } from '../template/builder/LanguageTabs';
import { PreviewPane } from '../template/builder/PreviewPane';
import * as edits from '../template/draft';
import { type Draft, languagesOf } from '../template/draft';
import { UndoRedoButtons } from '../template/editor/UndoRedoButtons';
import { useDraftHistory, useUndoShortcuts } from '../template/editor/useDraftHistory';
import { builderPath, PRESETS_PATH } from './paths';
import { newPresetDraft, type PresetDetails, presetDraftOf, toPresetPayload } from './presetDraft';
import shell from '../template/editor/TemplateEditorShell.module.css';
import { SelectField } from '../../components/Field';
import '../../i18n/areas/presets';
import '../../i18n/areas/template';
import { BackLink, Page } from '../../components/Page';

export default function PresetBuilderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const templateId = params.get('template');
  const categories = useCall(keys.presetCategories());
  const parameters = useCall(keys.presetParameters());
  const [saved, setSaved] = useState<{ id: string; version: number } | null>(null);
  const [fromTemplate, setFromTemplate] = useState<string | null>(null);
  const { history, dispatch, edit } = useDraftHistory(newPresetDraft);
  const preset = history.present;
  const { details, content: draft, uses } = preset;
  const [language, setLanguage] = useState(draft.defaultLanguage);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [failed, setFailed] = useState(false);

  /** the preset the draft holds: the address naming a preset just saved loads nothing, so its undo steps stay */
  const shown = useRef<string | null>(null);
  useUndoShortcuts(dispatch);

  useEffect(() => {
    const source = id ?? templateId;
    if (!source || source === shown.current) return;
    call('preset.detail', { id: source })
      .then((found) => {
        const loaded = found as Preset;
        // from a template: a copy, the template stays as it is
        const next = presetDraftOf(loaded, !id);
        shown.current = source;
        dispatch({ type: 'reset', value: next });
        setLanguage(next.content.defaultLanguage);
        if (id) setSaved({ id: loaded.id, version: loaded.version });
        else setFromTemplate(loaded.name);
      })
      .catch(() => setFailed(true));
  }, [id, templateId, dispatch]);

  // the language shown, or the default one when an undo took it away
  const current = draft.contents[language] ? language : draft.defaultLanguage;
  const content = draft.contents[current];
  const editContent = (next: Draft, key?: string) => edit({ ...preset, content: next }, key);
  const editDetails = (change: Partial<PresetDetails>, key?: string) => edit({ ...preset, details: { ...details, ...change } }, key);
  const editUses = (next: PresetParameterUse[], key?: string) => edit({ ...preset, uses: next }, key);
  const languages = languagesOf(draft);
  const paramOf = (parameterId: string) => (parameters.data as PresetParameter[] | undefined)?.find((p) => p.id === parameterId);
  // the preview shows each parameter's default value, as a recipient without a value reads it
  const previewed = useMemo(() => {
    const params = (parameters.data ?? []) as PresetParameter[];
    const defaults = new Map(
      uses.flatMap((u) => {
        const param = params.find((p) => p.id === u.parameterId);
        return param && u.alias && u.defaultValue ? [[`${param.variable}.${u.alias}`, u.defaultValue] as const] : [];
      }),
    );
    return withParameterDefaults(draft, defaults);
  }, [draft, uses, parameters.data]);

  function addBlock(type: BlockType, index?: number) {
    const at = index ?? (selected ? content.blocks.findIndex((b) => b.id === selected) + 1 || content.blocks.length : content.blocks.length);
    const [next, blockId] = edits.addBlock(draft, current, type, at);
    editContent(next);
    setSelected(blockId);
    setAnnouncement(t('template.added', { block: t(`template.block.${type}`), position: at + 1 }));
  }

  /** The token goes after the selected block's text, or after the subject when no block with a text is selected. */
  function insertToken(token: string) {
    const block = content.blocks.find((b) => b.id === selected);
    if (block && typeof block.text === 'string') editContent(edits.updateBlock(draft, current, block.id, 'text', `${block.text}${token}`));
    else editContent(edits.setLanguageField(draft, current, 'subject', `${content.subject}${token}`));
    setAnnouncement(t('presetBuilder.tokenInserted', { token }));
  }

  const setUse = (index: number, change: Partial<PresetParameterUse>, key?: string) =>
    editUses(
      uses.map((u, i) => (i === index ? { ...u, ...change } : u)),
      key,
    );

  async function save() {
    setBusy(true);
    try {
      const answer = (await call('preset.save', toPresetPayload(preset, saved) as never)) as Preset;
      setSaved({ id: answer.id, version: answer.version });
      shown.current = answer.id;
      void invalidate('preset.getListByPage', 'preset.getAll');
      // a new preset's address names it (the route change clears toasts: the message comes after)
      if (!id) await navigate(builderPath(answer.id), { replace: true });
      showSuccess(t('presetBuilder.saved', { name: answer.name }));
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  }

  if (failed) {
    return (
      <section className="page">
        <h1>{t('page.presetBuilder')}</h1>
        <p className="p-error">{t('presetBuilder.loadError')}</p>
        <Link to={PRESETS_PATH}>{t('presetBuilder.back')}</Link>
      </section>
    );
  }

  return (
    <Page
      title={saved && details.name ? details.name : t('presetBuilder.newTitle')}
      className="template-builder"
      intro={fromTemplate ? t('presetBuilder.fromTemplate', { name: fromTemplate }) : t('presetBuilder.intro')}
      back={<BackLink to={PRESETS_PATH} label={t('presetBuilder.back')} />}
      actions={
        <div className={`${shell.builderActions} builder-actions`}>
          <UndoRedoButtons history={history} dispatch={dispatch} />
          <Button type="button" icon="pi pi-save" label={t('common.save')} loading={busy} onClick={() => void save()} />
        </div>
      }
    >
      <section className={`card ${shell.templateDetails}`} aria-labelledby="preset-details-title">
        <h2 id="preset-details-title" className="card-title">
          {t('presetBuilder.details')}
        </h2>
        <div className={shell.detailsGrid}>
          <TextField id="preset-name" label={t('entity.preset.name')} value={details.name} maxLength={100} onChange={(v) => editDetails({ name: v }, 'name')} />
          <SelectField
            id="preset-category"
            label={t('entity.preset.categoryId')}
            value={details.categoryId}
            options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: String(c.name) }))}
            showClear
            onChange={(e) => editDetails({ categoryId: e.value ?? null })}
          />
          <SelectField
            id="preset-channel"
            label={t('entity.preset.channel')}
            value={details.channel}
            options={PRESET_CHANNELS.map((c) => ({ value: c, label: t(`entity.preset.option.channel.${c}`) }))}
            onChange={(e) => editDetails({ channel: e.value })}
          />
          <div className="field checkbox-row">
            <Checkbox inputId="preset-is-template" checked={details.isTemplate} onChange={(e) => editDetails({ isTemplate: Boolean(e.checked) })} />
            <label htmlFor="preset-is-template">{t('entity.preset.isTemplate')}</label>
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="preset-parameters-title">
        <h2 id="preset-parameters-title" className="card-title">
          {t('presetBuilder.parameters')}
        </h2>
        <p className="muted small">{uses.length ? t('presetBuilder.parametersIntro') : t('presetBuilder.noParameters')}</p>
        <ul className="plain-list" data-testid="preset-parameters">
          {uses.map((use, i) => {
            const position = i + 1;
            const param = paramOf(use.parameterId);
            const token = param && use.alias ? presetToken(param.variable, use.alias) : '';
            return (
              <li key={`${i}-${use.parameterId}`} className="form-grid">
                <div className="field">
                  <label htmlFor={`preset-param-${i}`}>{t('presetBuilder.parameter', { position })}</label>
                  <Select
                    inputId={`preset-param-${i}`}
                    label={t('presetBuilder.parameter', { position })}
                    labelled
                    value={use.parameterId || null}
                    options={(parameters.data ?? []).map((p) => ({ value: String(p.id), label: `${p.title} (${p.variable})` }))}
                    onChange={(e) => setUse(i, { parameterId: e.value, alias: '' })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`preset-alias-${i}`}>{t('presetBuilder.column', { position })}</label>
                  {param?.columns.length ? (
                    <Select
                      inputId={`preset-alias-${i}`}
                      label={t('presetBuilder.column', { position })}
                      labelled
                      value={use.alias || null}
                      options={param.columns.filter((c) => c !== param.primaryKey).map((c) => ({ value: c, label: c }))}
                      onChange={(e) => setUse(i, { alias: e.value })}
                    />
                  ) : (
                    <InputText id={`preset-alias-${i}`} value={use.alias} maxLength={200} onChange={(e) => setUse(i, { alias: e.target.value }, `alias:${i}`)} />
                  )}
                </div>
                <div className="field">
                  <label htmlFor={`preset-default-${i}`}>{t('presetBuilder.defaultValue', { position })}</label>
                  <InputText id={`preset-default-${i}`} value={use.defaultValue} maxLength={200} onChange={(e) => setUse(i, { defaultValue: e.target.value }, `default:${i}`)} />
                </div>
                <div className="row-actions">
                  {token && <Button type="button" icon="pi pi-plus-circle" outlined label={t('presetBuilder.insertToken', { token })} onClick={() => insertToken(token)} />}
                  <RowAction
                    icon="pi pi-trash"
                    severity="danger"
                    label={t('presetBuilder.removeParameter', { position })}
                    onClick={() => editUses(uses.filter((_, j) => j !== i))}
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          icon="pi pi-plus"
          outlined
          label={t('presetBuilder.addParameter')}
          onClick={() => editUses([...uses, { parameterId: '', alias: '', defaultValue: '' }])}
        />
      </section>

      <div className={shell.builderGrid}>
        <section className="card builder-editor" aria-labelledby="preset-content-title">
          <h2 id="preset-content-title" className="card-title">
            {t('presetBuilder.content')}
          </h2>
          <LanguageTabs
            languages={languages}
            defaultLanguage={draft.defaultLanguage}
            current={current}
            invalid={new Set()}
            onSelect={setLanguage}
            onAdd={(code) => {
              editContent(edits.addLanguage(draft, code));
              setLanguage(code);
            }}
            onMakeDefault={(code) => editContent({ ...draft, defaultLanguage: code })}
            onRemove={(code) => {
              editContent(edits.removeLanguage(draft, code));
              setLanguage(draft.defaultLanguage);
            }}
          >
            {content && (
              <>
                <TextField
                  id="preset-subject"
                  label={t('template.subject')}
                  value={content.subject}
                  maxLength={255}
                  onChange={(v) => editContent(edits.setLanguageField(draft, current, 'subject', v), `subject:${current}`)}
                />
                <BlockPalette onAdd={(type) => addBlock(type)} />
                <p id="reorder-hint" className="muted small">
                  {t('template.reorderHint')}
                </p>
                <BlockCanvas
                  blocks={content.blocks}
                  selectedId={selected}
                  invalidIds={new Set()}
                  errorsOf={() => ({})}
                  onSelect={setSelected}
                  onMove={(blockId, to) => editContent(edits.moveBlock(draft, current, blockId, to))}
                  onRemove={(blockId) => {
                    editContent(edits.removeBlock(draft, current, blockId));
                    if (selected === blockId) setSelected(null);
                  }}
                  onInsert={(type, index) => addBlock(type, index)}
                  onChange={(blockId, field, value) => editContent(edits.updateBlock(draft, current, blockId, field, value), `block:${blockId}:${field}`)}
                />
              </>
            )}
          </LanguageTabs>
        </section>
        <PreviewPane draft={previewed} language={current} />
      </div>
      <div className="sr-only" aria-live="polite" role="status">
        {announcement}
      </div>
    </Page>
  );
}
