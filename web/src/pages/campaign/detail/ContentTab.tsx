/**
 * The message as it is sent, one tab per content language (the default first): an email through the builder's
 * own preview (the renderer's HTML in a sandboxed frame), another channel through its template editor's preview.
 * Approvers read it here before they approve; a campaign of the builder shows the message step they choose.
 */
import { languageName } from '../../../../../shared/format';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILDER_CHANNEL, CHANNEL_CAPABILITIES } from '../../../../../shared/delivery';
import { type Journey, messageSteps } from '../../../../../shared/plan/journey';
import type { PlanView } from '../../../../../shared/services/plan';
import { Select } from '../../../components/Select';
import { useCall } from '../../../api/hooks';
import { PreviewPane } from '../../template/builder/PreviewPane';
import { channelDraftFromView, channelLanguages, type ChannelDraft } from '../../template/channel/channelDraft';
import { ChannelPreview } from '../../template/channel/channels';
import { type Draft, draftFromView, languagesOf } from '../../template/draft';
import { SAMPLE_RECIPIENT } from '../../template/preview';
import { formFromPlan } from '../wizard';
import { useCompanies } from '../wizard/ChannelContent';
import '../../../i18n/areas/channelContent';
import '../../../i18n/areas/journey';
import tabStyles from '../../template/builder/LanguageTabs.module.css';

type Shown = { kind: 'email'; draft: Draft } | { kind: 'channel'; draft: ChannelDraft };

function LanguageSwitch({ languages, defaultLanguage, current, onSelect }: { languages: string[]; defaultLanguage: string; current: string; onSelect: (l: string) => void }) {
  const { t } = useTranslation();
  function keys(e: KeyboardEvent, index: number) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = languages[(index + step + languages.length) % languages.length];
    onSelect(next);
    document.getElementById(`content-language-${next}`)?.focus();
  }
  return (
    <div role="tablist" aria-label={t('campaign.content.languages')} className={tabStyles.tabList} data-testid="content-languages">
      {languages.map((l, index) => (
        <button
          key={l}
          type="button"
          role="tab"
          id={`content-language-${l}`}
          aria-selected={l === current}
          aria-controls="content-language-panel"
          tabIndex={l === current ? 0 : -1}
          className={`${tabStyles.tab}${l === current ? ` ${tabStyles.active}` : ''}`}
          onClick={() => onSelect(l)}
          onKeyDown={(e) => keys(e, index)}
        >
          <span lang={l}>{languageName(l)}</span>
          {l === defaultLanguage && <span className="muted small"> ({t('campaign.content.default')})</span>}
        </button>
      ))}
    </div>
  );
}

/** A channel's message as sent; a letter as printed, with the company it is sent by. */
function ChannelShown({ draft, language }: { draft: ChannelDraft; language: string }) {
  const companies = useCompanies(CHANNEL_CAPABILITIES[draft.channel].printed);
  const sender = companies.list.find((c) => c.id === draft.companyId) ?? null;
  return <ChannelPreview draft={draft} language={language} sender={sender} recipient={SAMPLE_RECIPIENT} valid />;
}

function Shown({ shown }: { shown: Shown }) {
  const { t } = useTranslation();
  const languages = shown.kind === 'email' ? languagesOf(shown.draft) : channelLanguages(shown.draft);
  const [chosen, setChosen] = useState(shown.draft.defaultLanguage);
  const current = languages.includes(chosen) ? chosen : shown.draft.defaultLanguage;
  return (
    <div className="content-tab" data-testid="content-tab">
      <p className="muted small">{t('campaign.content.intro', { count: languages.length })}</p>
      <LanguageSwitch languages={languages} defaultLanguage={shown.draft.defaultLanguage} current={current} onSelect={setChosen} />
      <div id="content-language-panel" role="tabpanel" aria-labelledby={`content-language-${current}`} lang={current}>
        {shown.kind === 'email' ? <PreviewPane draft={shown.draft} language={current} /> : <ChannelShown draft={shown.draft} language={current} />}
      </div>
    </div>
  );
}

function LibraryContent({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const { data, error } = useCall(['templateMessage.detail', { id: templateId }]);
  if (error) {
    return (
      <p className="state-error" role="alert">
        {t('campaign.content.templateError')}
      </p>
    );
  }
  if (!data) return <p className="muted">{t('campaign.loading')}</p>;
  return <Shown shown={data.channel === BUILDER_CHANNEL ? { kind: 'email', draft: draftFromView(data) } : { kind: 'channel', draft: channelDraftFromView(data) }} />;
}

function MessageContent({ plan }: { plan: PlanView }) {
  // the wizard's own reading of a saved message: what it would send
  const form = useMemo(() => (plan.content.kind === 'TEMPLATE' ? null : formFromPlan(plan, 'UTC', 0)), [plan]);
  if (plan.content.kind === 'TEMPLATE') return <LibraryContent templateId={plan.content.templateId} />;
  return <Shown shown={plan.content.kind === BUILDER_CHANNEL ? { kind: 'email', draft: form!.email } : { kind: 'channel', draft: form!.message }} />;
}

/** A campaign of the builder: each message step's content, the step chosen (the first in walk order to begin with). */
function JourneyContent({ plan, journey }: { plan: PlanView; journey: Journey }) {
  const { t } = useTranslation();
  const steps = messageSteps(journey);
  const [chosen, setChosen] = useState(steps[0]?.id);
  const current = steps.find((s) => s.id === chosen) ?? steps[0];
  const shown = useMemo(() => current && { ...plan, channel: current.step.channel, content: current.step.content }, [plan, current]);
  if (!current || !shown) return null;
  return (
    <>
      <div className="field">
        <label htmlFor="content-step">{t('journey.message')}</label>
        <Select
          inputId="content-step"
          labelled
          label={t('journey.message')}
          value={current.id}
          options={steps.map(({ id, step }) => ({ value: id, label: `${step.name || t('journey.types.MESSAGE')} (${id}) · ${t(`campaign.channel.${step.channel}`)}` }))}
          onChange={(e) => setChosen(e.value as string)}
        />
      </div>
      <MessageContent key={current.id} plan={shown} />
    </>
  );
}

export function ContentTab({ plan }: { plan: PlanView }) {
  if (plan.journey) return <JourneyContent key={plan.id} plan={plan} journey={plan.journey} />;
  return <MessageContent key={plan.id} plan={plan} />;
}
