/**
 * The brand persona wizard (/library/ai-brand-voice/config): brand content, voice, reference materials (PDF
 * only, checked by their bytes here and again by the server), design (HEX colours; a light colour, every
 * channel over 200, is marked as a background colour) and layout. Any step saves the whole persona.
 */
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BRAND_COLOR_TYPES, BRAND_LAYOUTS, BRAND_SAMPLES_MAX, EMOTIONAL_RANGES, LANGUAGE_STYLES, SENTENCE_STRUCTURES } from '../../../../shared/entities/brandVoice';
import type { BrandVoiceView } from '../../../../shared/services';
import { checkUpload, UPLOAD_MESSAGES } from '../../../../shared/uploads';
import { schemaText } from '../../components/schemaErrors';
import { call, uploadFiles } from '../../api/client';
import { useCall } from '../../api/hooks';
import { SelectField, TextAreaField } from '../../components/Field';
import { TextField } from '../../components/TextField';
import { useSave } from '../../components/useSave';
import { showError, showSuccess } from '../../ui/toastBus';
import '../../i18n/areas/brandVoice';
import { BrandColorField, HEX } from './brandColors';
import { Page } from '../../components/Page';
import { LoadingCard } from '../../components/PageSpinner';

const STEPS = ['content', 'voice', 'samples', 'design', 'layout'] as const;
type Form = Omit<BrandVoiceView, 'generated'>;

/** the voice's three choices: the field (also its label's key) and where each option's name is */
const VOICE_CHOICES = [
  { id: 'bv-style', field: 'languageStyle', values: LANGUAGE_STYLES, names: 'style' },
  { id: 'bv-sentence', field: 'sentenceStructure', values: SENTENCE_STRUCTURES, names: 'sentence' },
  { id: 'bv-emotion', field: 'emotionalRange', values: EMOTIONAL_RANGES, names: 'emotion' },
] as const;

const words = (text: string, max: number) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, max);

function Wizard({ view, onSaved }: { view: BrandVoiceView; onSaved: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { generated, ...initial } = view;
  const [form, setForm] = useState<Form>(initial);
  const [tags, setTags] = useState({ tone: initial.toneTags.join(', '), personality: initial.personalityTags.join(', '), fonts: initial.fonts.join(', ') });
  const [step, setStep] = useState(0);
  const { busy, save } = useSave();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // a step change takes the focus to the step's heading (not the first load)
  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const badColor = form.brandColors.some((c) => !HEX.test(c.value));

  async function submit() {
    const payload = { ...form, toneTags: words(tags.tone, 10), personalityTags: words(tags.personality, 10), fonts: words(tags.fonts, 3) };
    if (await save(async () => set(await call('brandVoice.save', payload)), t('brandVoice.saved'))) onSaved();
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])].slice(0, BRAND_SAMPLES_MAX - form.samples.length);
    e.target.value = '';
    const accepted: File[] = [];
    for (const file of files) {
      const check = checkUpload('brandSample', file.name, new Uint8Array(await file.arrayBuffer()));
      if (check.ok) accepted.push(file);
      else showError(`${file.name}: ${check.message === UPLOAD_MESSAGES.badName ? schemaText(check.message) : t('brandVoice.pdfOnly')}`);
    }
    if (accepted.length === 0) return;
    setUploading(true);
    try {
      const done = await uploadFiles({ baseDir: 'brand-voice', use: 'brandSample', accessible: false }, accepted);
      setForm((f) => ({ ...f, samples: [...new Set([...f.samples, ...done.files.map((x) => x.path)])].slice(0, BRAND_SAMPLES_MAX) }));
    } catch {
      // the client has shown why
    } finally {
      setUploading(false);
    }
  }

  return (
    <form
      className="card"
      noValidate
      aria-labelledby="wizard-step-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (step < STEPS.length - 1) goTo(step + 1);
        else void submit();
      }}
    >
      <ol className="plain-list" aria-label={t('page.brandVoiceConfig')}>
        {STEPS.map((s, i) => (
          <li key={s} style={{ display: 'inline-block', marginRight: '1rem' }}>
            <Button
              type="button"
              size="small"
              outlined={i !== step}
              label={`${i + 1}. ${t(`brandVoice.steps.${s}`)}`}
              aria-current={i === step ? 'step' : undefined}
              onClick={() => goTo(i)}
            />
          </li>
        ))}
      </ol>
      <h2 id="wizard-step-title" className="card-title" tabIndex={-1} ref={heading}>
        {t(`brandVoice.steps.${STEPS[step]}`)} <small className="muted">{t('brandVoice.stepOf', { step: step + 1, count: STEPS.length })}</small>
      </h2>
      {STEPS[step] === 'content' && (
        <div className="form-grid">
          <TextField id="bv-name" label={t('brandVoice.brandName')} value={form.brandName} maxLength={100} onChange={(brandName) => set({ brandName })} />
          <TextField id="bv-url" label={t('brandVoice.url')} value={form.url} maxLength={500} type="url" onChange={(url) => set({ url })} />
          <TextAreaField
            id="bv-description"
            label={t('brandVoice.description')}
            value={form.description}
            rows={4}
            maxLength={2000}
            className="span-2"
            onChange={(description) => set({ description })}
          />
        </div>
      )}
      {STEPS[step] === 'voice' && (
        <div className="form-grid">
          {generated && (
            <div className="span-2">
              <Button
                type="button"
                outlined
                icon="pi pi-sparkles"
                label={t('brandVoice.useGenerated')}
                onClick={() => {
                  const { dateGenerated: _d, toneTags, personalityTags, ...voice } = generated;
                  set(voice);
                  setTags({ ...tags, tone: toneTags.join(', '), personality: personalityTags.join(', ') });
                  showSuccess(t('brandVoice.generatedUsed'));
                }}
              />
            </div>
          )}
          <TextField id="bv-tone" label={t('brandVoice.toneTags')} hint={t('brandVoice.tagsHint')} value={tags.tone} onChange={(tone) => setTags({ ...tags, tone })} />
          <TextField
            id="bv-personality"
            label={t('brandVoice.personalityTags')}
            hint={t('brandVoice.tagsHint')}
            value={tags.personality}
            onChange={(personality) => setTags({ ...tags, personality })}
          />
          {VOICE_CHOICES.map(({ id, field, values, names }) => (
            <SelectField
              key={id}
              id={id}
              label={t(`brandVoice.${field}`)}
              value={form[field]}
              options={values.map((v) => ({ value: v, label: t(`brandVoice.${names}.${v}`) }))}
              onChange={(e) => set({ [field]: e.value })}
            />
          ))}
          <TextAreaField
            id="bv-sample"
            label={t('brandVoice.voiceSample')}
            value={form.voiceSample}
            rows={3}
            maxLength={2000}
            className="span-2"
            onChange={(voiceSample) => set({ voiceSample })}
          />
        </div>
      )}
      {STEPS[step] === 'samples' && (
        <div>
          <p className="muted">{t('brandVoice.samplesIntro')}</p>
          {form.samples.length === 0 ? (
            <p>{t('brandVoice.noSamples')}</p>
          ) : (
            <ul data-testid="brand-samples">
              {form.samples.map((path) => {
                const name = path.slice(path.lastIndexOf('/') + 1);
                return (
                  <li key={path}>
                    <i className="pi pi-file-pdf" aria-hidden="true" /> {name}{' '}
                    <Button
                      type="button"
                      text
                      icon="pi pi-times"
                      aria-label={t('brandVoice.removeSample', { name })}
                      onClick={() => set({ samples: form.samples.filter((p) => p !== path) })}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <input ref={fileInput} id="bv-upload" type="file" accept="application/pdf,.pdf" multiple hidden onChange={(e) => void upload(e)} />
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('brandVoice.uploadPdf')}
            loading={uploading}
            disabled={form.samples.length >= BRAND_SAMPLES_MAX}
            onClick={() => fileInput.current?.click()}
          />
        </div>
      )}
      {STEPS[step] === 'design' && (
        <div>
          <h3>{t('brandVoice.colors')}</h3>
          {form.brandColors.map((color, i) => {
            const position = i + 1;
            const update = (patch: Partial<typeof color>) => set({ brandColors: form.brandColors.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
            return (
              <div className="form-grid" key={i}>
                <SelectField
                  id={`bv-color-type-${i}`}
                  label={t('brandVoice.colorType', { position })}
                  value={color.type}
                  options={BRAND_COLOR_TYPES.map((v) => ({ value: v, label: t(`brandVoice.colorTypes.${v}`) }))}
                  onChange={(e) => update({ type: e.value as typeof color.type })}
                />
                <BrandColorField id={`bv-color-${i}`} label={t('brandVoice.colorValue', { position })} value={color.value} onChange={(value) => update({ value })} />
                <Button
                  type="button"
                  text
                  icon="pi pi-trash"
                  aria-label={t('brandVoice.removeColor', { position })}
                  onClick={() => set({ brandColors: form.brandColors.filter((_, j) => j !== i) })}
                />
              </div>
            );
          })}
          <Button
            type="button"
            outlined
            icon="pi pi-plus"
            label={t('brandVoice.addColor')}
            disabled={form.brandColors.length >= 8}
            onClick={() => set({ brandColors: [...form.brandColors, { type: 'PRIMARY', value: '#33CCFF' }] })}
          />
          <div className="form-grid">
            <TextField id="bv-logo" label={t('brandVoice.logoUrl')} value={form.logo.url} type="url" onChange={(url) => set({ logo: { ...form.logo, url } })} />
            <TextField
              id="bv-logo-width"
              label={t('brandVoice.logoWidth')}
              value={String(form.logo.width || '')}
              inputMode="numeric"
              onChange={(v) => set({ logo: { ...form.logo, width: Math.min(600, Number(v.replace(/\D/g, '')) || 0) } })}
            />
            <TextField
              id="bv-logo-height"
              label={t('brandVoice.logoHeight')}
              value={String(form.logo.height || '')}
              inputMode="numeric"
              onChange={(v) => set({ logo: { ...form.logo, height: Math.min(600, Number(v.replace(/\D/g, '')) || 0) } })}
            />
            <TextField id="bv-fonts" label={t('brandVoice.fonts')} hint={t('brandVoice.fontsHint')} value={tags.fonts} onChange={(fonts) => setTags({ ...tags, fonts })} />
          </div>
        </div>
      )}
      {STEPS[step] === 'layout' && (
        <div>
          <fieldset>
            <legend>{t('brandVoice.layoutIntro')}</legend>
            {BRAND_LAYOUTS.map((layout) => (
              <div className="checkbox-row" key={layout}>
                <RadioButton inputId={`bv-layout-${layout}`} name="bv-layout" value={layout} checked={form.layout === layout} onChange={() => set({ layout })} />
                <label htmlFor={`bv-layout-${layout}`}>{t(`brandVoice.layouts.${layout}`)}</label>
              </div>
            ))}
          </fieldset>
          <TextField id="bv-model" label={t('brandVoice.modelId')} hint={t('brandVoice.modelHint')} value={form.modelId} maxLength={200} onChange={(modelId) => set({ modelId })} />
        </div>
      )}
      <div className="form-actions">
        {step > 0 && <Button type="button" outlined label={t('brandVoice.back')} icon="pi pi-arrow-left" onClick={() => goTo(step - 1)} />}
        {step < STEPS.length - 1 && <Button type="submit" label={t('brandVoice.next')} icon="pi pi-arrow-right" iconPos="right" />}
        <Button type="button" label={t('common.save')} icon="pi pi-check" loading={busy} disabled={badColor} onClick={() => void submit()} />
        <Button type="button" text label={t('common.cancel')} onClick={() => navigate('/library/ai-brand-voice')} />
      </div>
    </form>
  );
}

export default function BrandVoiceWizardPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useCall(['brandVoice.detail', {}]);
  return (
    <Page title={t('page.brandVoiceConfig')} intro={t('brandVoice.intro')}>
      {!data && !error && <LoadingCard label={t('brandVoice.loading')} />}
      {error && !data && (
        <div className="card">
          <p>{t('list.error')}</p>
          <Button label={t('common.retry')} icon="pi pi-refresh" onClick={() => void mutate()} />
        </div>
      )}
      {data && <Wizard view={data} onSaved={() => void mutate()} />}
    </Page>
  );
}
