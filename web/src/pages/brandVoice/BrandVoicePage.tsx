/**
 * The AI brand voice (/library/ai-brand-voice): the organization's brand persona at a glance (voice, colours with
 * the light-colour rule, layout, reference materials), the way to its wizard, and a persona the AI proposes
 * from the brand content (`brandVoice.generate`, read back with `getGenerateBrandVoice`).
 */
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { useSave } from '../../components/useSave';
import '../../i18n/areas/brandVoice';
import { BrandColorList } from './brandColors';
import { Page } from '../../components/Page';
import { LoadingCard } from '../../components/PageSpinner';

export default function BrandVoicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useCall(['brandVoice.detail', {}]);
  const { busy, save } = useSave();
  const none = t('brandVoice.summary.none');

  return (
    <Page
      title={t('page.brandVoice')}
      intro={t('brandVoice.intro')}
      actions={
        <div className="form-actions">
          <Button label={t('brandVoice.configure')} icon="pi pi-sliders-h" onClick={() => navigate('/library/ai-brand-voice/config')} />
          {data && data.version > 0 && (
            <Button
              label={t('brandVoice.generate')}
              icon="pi pi-sparkles"
              outlined
              loading={busy}
              onClick={() => void save(() => call('brandVoice.generate', {}).then(() => mutate()), t('composer.success'))}
            />
          )}
        </div>
      }
    >
      {isLoading && <LoadingCard label={t('brandVoice.loading')} />}
      {error && !data && (
        <div className="card">
          <p>{t('list.error')}</p>
          <Button label={t('common.retry')} icon="pi pi-refresh" onClick={() => void mutate()} />
        </div>
      )}
      {data && data.version === 0 && <p className="card">{t('brandVoice.empty')}</p>}
      {data && data.version > 0 && (
        <div className="card" data-testid="brand-voice-summary">
          <h2 className="card-title">{data.brandName}</h2>
          {data.url && <p className="muted">{data.url}</p>}
          <dl>
            <dt>{t('brandVoice.summary.voice')}</dt>
            <dd>
              {[...data.toneTags, ...data.personalityTags].map((tag) => (
                <Tag key={tag} value={tag} className="mr-1" />
              ))}{' '}
              {t(`brandVoice.style.${data.languageStyle}`)} · {t(`brandVoice.sentence.${data.sentenceStructure}`)} · {t(`brandVoice.emotion.${data.emotionalRange}`)}
            </dd>
            <dt>{t('brandVoice.summary.colors')}</dt>
            <dd>
              {data.brandColors.length === 0 && none}
              <BrandColorList colors={data.brandColors} />
            </dd>
            <dt>{t('brandVoice.summary.layout')}</dt>
            <dd>{t(`brandVoice.layouts.${data.layout}`)}</dd>
            <dt>{t('brandVoice.summary.samples')}</dt>
            <dd>{data.samples.length ? data.samples.map((p) => p.slice(p.lastIndexOf('/') + 1)).join(', ') : none}</dd>
          </dl>
        </div>
      )}
      {data?.generated && (
        <div className="card" data-testid="brand-voice-generated">
          <h2 className="card-title">{t('brandVoice.generatedTitle')}</h2>
          <p className="muted">{t('brandVoice.generatedText')}</p>
          <p>
            {data.generated.toneTags.join(', ')} · {t(`brandVoice.style.${data.generated.languageStyle}`)}
          </p>
          <blockquote>{data.generated.voiceSample}</blockquote>
        </div>
      )}
    </Page>
  );
}
