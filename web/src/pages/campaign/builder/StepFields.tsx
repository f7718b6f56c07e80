/** The fields of one step card on the builder's canvas, by the step's type: its settings and where each exit leads. */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { CHANNELS, type Channel } from '../../../../../shared/delivery';
import type { Result } from '../../../../../shared/services';
import { Select } from '../../../components/Select';
import type { DraftStep } from '../journeyDraft';

export type PickedTemplate = Result<'templateMessage.getAll'>[number];

type T = ReturnType<typeof useTranslation>['t'];
/** A step's name (or its type's) and its id, as the canvas, the link choices and the delete question show it. */
export const labelOf = (s: DraftStep, t: T) => `${s.name.trim() || t(`journey.types.${s.type}`)} (${s.id})`;

export function StepFields({
  step,
  stepOptions,
  messageOptions,
  templates,
  approvedOnly,
  update,
}: {
  step: DraftStep;
  stepOptions: { label: string; value: string }[];
  messageOptions: { label: string; value: string }[];
  templates: PickedTemplate[];
  approvedOnly: boolean;
  update: (change: Partial<DraftStep>) => void;
}) {
  const { t } = useTranslation();
  const id = (field: string) => `step-${step.id}-${field}`;
  const link = (field: 'next' | 'yes' | 'no', label: string) => (
    <div className="field">
      <label htmlFor={id(field)}>{label}</label>
      <Select inputId={id(field)} labelled label={label} value={step[field]} options={stepOptions} onChange={(e) => update({ [field]: e.value })} />
    </div>
  );
  const minutes = (field: 'minutes' | 'windowMinutes', label: string) => (
    <div className="field">
      <label htmlFor={id(field)}>{label}</label>
      <InputNumber inputId={id(field)} value={step[field]} min={1} max={7 * 24 * 60} onValueChange={(e) => update({ [field]: e.value ?? 1 })} />
    </div>
  );
  switch (step.type) {
    case 'MESSAGE':
      return (
        <>
          <div className="field">
            <label htmlFor={id('channel')}>{t('journey.channel')}</label>
            <Select
              inputId={id('channel')}
              labelled
              label={t('journey.channel')}
              value={step.channel}
              options={CHANNELS.map((c) => ({ label: t(`campaign.channel.${c}`), value: c }))}
              onChange={(e) => update({ channel: e.value as Channel, templateId: '', content: undefined })}
            />
          </div>
          <div className="field">
            <label htmlFor={id('template')}>{t('journey.template')}</label>
            <Select
              inputId={id('template')}
              labelled
              label={t('journey.template')}
              value={step.templateId}
              placeholder={step.content ? t('journey.keptContent') : undefined}
              options={templates
                .filter((x) => x.channel === step.channel)
                .map((x) => {
                  const unapproved = approvedOnly && x.approval !== 'PASS';
                  return { label: unapproved ? t('approval.template.pickerUnapproved', { name: x.name }) : x.name, value: x.id, disabled: unapproved };
                })}
              optionDisabled="disabled"
              onChange={(e) => update({ templateId: e.value })}
            />
          </div>
          {link('next', t('journey.next'))}
        </>
      );
    case 'WAIT':
      return (
        <>
          <div className="field">
            <label htmlFor={id('waitKind')}>{t('journey.waitKind')}</label>
            <Select
              inputId={id('waitKind')}
              labelled
              label={t('journey.waitKind')}
              value={step.waitKind}
              options={(['DELAY', 'UNTIL'] as const).map((k) => ({ label: t(`journey.waitKinds.${k}`), value: k }))}
              onChange={(e) => update({ waitKind: e.value })}
            />
          </div>
          {step.waitKind === 'DELAY' ? (
            minutes('minutes', t('journey.minutes'))
          ) : (
            <>
              <div className="field">
                <label htmlFor={id('at')}>{t('journey.at')}</label>
                <InputText id={id('at')} type="datetime-local" value={step.at} onChange={(e) => update({ at: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={id('timeZone')}>{t('journey.timeZone')}</label>
                <InputText id={id('timeZone')} value={step.timeZone} onChange={(e) => update({ timeZone: e.target.value })} />
              </div>
            </>
          )}
          {link('next', t('journey.next'))}
        </>
      );
    case 'BRANCH':
      return (
        <>
          <div className="field">
            <label htmlFor={id('condition')}>{t('journey.condition')}</label>
            <Select
              inputId={id('condition')}
              labelled
              label={t('journey.condition')}
              value={step.condition}
              options={(['OPENED', 'CLICKED', 'CONVERTED'] as const).map((c) => ({ label: t(`journey.conditions.${c}`), value: c }))}
              onChange={(e) => update({ condition: e.value })}
            />
          </div>
          {step.condition === 'CONVERTED' ? (
            <div className="field">
              <label htmlFor={id('eventCode')}>{t('journey.eventCode')}</label>
              <InputText id={id('eventCode')} value={step.eventCode} maxLength={100} onChange={(e) => update({ eventCode: e.target.value })} />
            </div>
          ) : (
            <div className="field">
              <label htmlFor={id('message')}>{t('journey.message')}</label>
              <Select
                inputId={id('message')}
                labelled
                label={t('journey.message')}
                value={step.messageStepId}
                options={messageOptions}
                onChange={(e) => update({ messageStepId: e.value })}
              />
            </div>
          )}
          <div className="field-checkbox">
            <Checkbox inputId={id('not')} checked={step.not} onChange={(e) => update({ not: !!e.checked })} />
            <label htmlFor={id('not')}>{t('journey.not')}</label>
          </div>
          {minutes('windowMinutes', t('journey.window'))}
          {link('yes', t('journey.yes'))}
          {link('no', t('journey.no'))}
        </>
      );
    case 'SPLIT':
      return (
        <>
          <fieldset className="journey-variants">
            <legend>{t('journey.variants')}</legend>
            {step.variants.map((v, i) => {
              const n = { n: i + 1 };
              const setVariant = (change: Partial<typeof v>) => update({ variants: step.variants.map((w, j) => (j === i ? { ...w, ...change } : w)) });
              return (
                <div key={i} className="journey-variant">
                  <label htmlFor={id(`share-${i}`)}>{t('journey.share', n)}</label>
                  <InputNumber inputId={id(`share-${i}`)} value={v.share} min={1} max={100} suffix="%" onValueChange={(e) => setVariant({ share: e.value ?? 1 })} />
                  <label htmlFor={id(`variant-${i}`)}>{t('journey.variantNext', n)}</label>
                  <Select
                    inputId={id(`variant-${i}`)}
                    labelled
                    label={t('journey.variantNext', n)}
                    value={v.next}
                    options={stepOptions}
                    onChange={(e) => setVariant({ next: e.value })}
                  />
                  {step.variants.length > 2 && (
                    <Button
                      type="button"
                      icon="pi pi-times"
                      text
                      aria-label={t('journey.removeVariant', n)}
                      onClick={() => update({ variants: step.variants.filter((_, j) => j !== i) })}
                    />
                  )}
                </div>
              );
            })}
            {step.variants.length < 5 && (
              <Button type="button" label={t('journey.addVariant')} icon="pi pi-plus" text onClick={() => update({ variants: [...step.variants, { share: 0, next: '' }] })} />
            )}
          </fieldset>
          <div className="field-checkbox">
            <Checkbox inputId={id('winner')} checked={step.winner} onChange={(e) => update({ winner: !!e.checked })} />
            <label htmlFor={id('winner')}>{t('journey.winner')}</label>
          </div>
          {step.winner && (
            <>
              <div className="field">
                <label htmlFor={id('metric')}>{t('journey.metric')}</label>
                <Select
                  inputId={id('metric')}
                  labelled
                  label={t('journey.metric')}
                  value={step.metric}
                  options={(['OPEN', 'CLICK'] as const).map((m) => ({ label: t(`journey.metrics.${m}`), value: m }))}
                  onChange={(e) => update({ metric: e.value })}
                />
              </div>
              {minutes('windowMinutes', t('journey.window'))}
              <div className="field">
                <label htmlFor={id('holdout')}>{t('journey.holdout')}</label>
                <InputNumber inputId={id('holdout')} value={step.holdout} min={1} max={98} suffix="%" onValueChange={(e) => update({ holdout: e.value ?? 1 })} />
              </div>
            </>
          )}
        </>
      );
    case 'EXIT':
      return <p className="field-hint">{t('journey.exitHint')}</p>;
  }
}
