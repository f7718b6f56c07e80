/**
 * The builder's canvas: the journey's steps as cards, in the order they were added, each with its fields and its
 * delete button, and the choice of a step type to add one.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STEP_TYPES, type StepType } from '../../../../../shared/plan/journey';
import { Select } from '../../../components/Select';
import { type DraftStep, type JourneyDraft, newStep } from '../journeyDraft';
import { labelOf, type PickedTemplate, StepFields } from './StepFields';

type Option = { label: string; value: string };

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function JourneyCanvas({
  draft,
  setDraft,
  stepOptions,
  messageOptions,
  templates,
  approvedOnly,
  onRemove,
}: {
  draft: JourneyDraft;
  setDraft: Dispatch<SetStateAction<JourneyDraft>>;
  stepOptions: Option[];
  messageOptions: Option[];
  templates: PickedTemplate[];
  approvedOnly: boolean;
  /** asks first, then removes the step */
  onRemove: (step: DraftStep) => void;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<StepType>('MESSAGE');

  const update = (id: string, change: Partial<DraftStep>) => setDraft((d) => ({ ...d, steps: d.steps.map((s) => (s.id === id ? { ...s, ...change } : s)) }));

  function add() {
    const step = newStep(adding, draft.steps, browserZone());
    setDraft((d) => ({ ...d, steps: [...d.steps, step], entry: d.entry || step.id }));
    // the new card's first field takes the focus, so the keyboard carries on where the step appeared
    setTimeout(() => document.getElementById(`step-${step.id}-name`)?.focus(), 0);
  }

  return (
    <section className="card" aria-labelledby="journey-canvas">
      <h2 id="journey-canvas">{t('journey.canvas')}</h2>
      {draft.steps.length === 0 && <p>{t('journey.empty')}</p>}
      <ol className="journey-steps" aria-label={t('journey.canvas')}>
        {draft.steps.map((step) => (
          <li key={step.id}>
            <section className="journey-step" aria-labelledby={`step-${step.id}-title`} data-type={step.type}>
              <h3 id={`step-${step.id}-title`}>
                {labelOf(step, t)}
                {draft.entry === step.id && <span className="journey-entry-mark"> · {t('journey.entry')}</span>}
              </h3>
              <div className="field">
                <label htmlFor={`step-${step.id}-name`}>{t('journey.stepName')}</label>
                <InputText id={`step-${step.id}-name`} value={step.name} maxLength={100} onChange={(e) => update(step.id, { name: e.target.value })} />
              </div>
              <StepFields
                step={step}
                stepOptions={stepOptions.filter((o) => o.value !== step.id)}
                messageOptions={messageOptions}
                templates={templates}
                approvedOnly={approvedOnly}
                update={(c) => update(step.id, c)}
              />
              <Button type="button" label={t('journey.deleteStep')} icon="pi pi-trash" severity="danger" outlined onClick={() => onRemove(step)} />
            </section>
          </li>
        ))}
      </ol>
      <div className="journey-add">
        <label htmlFor="journey-add-type">{t('journey.stepType')}</label>
        <Select
          inputId="journey-add-type"
          labelled
          label={t('journey.stepType')}
          value={adding}
          options={STEP_TYPES.map((s) => ({ label: t(`journey.types.${s}`), value: s }))}
          onChange={(e) => setAdding(e.value)}
        />
        <Button type="button" label={t('journey.addStep')} icon="pi pi-plus" onClick={add} />
      </div>
    </section>
  );
}
