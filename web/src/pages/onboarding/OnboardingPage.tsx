/**
 * Onboarding of a new organization's first administrator (spec 000 section 2: /onboarding/welcome, base-info,
 * brand, brand-complete): the organization's base fields and its logo, saved with organization.save, and the
 * brand's primary and secondary colours, saved in the brand voice (brandVoice.save) where the AI composer reads
 * them; finishing or skipping marks the organization's onboarding done (organization.completeOnboarding), so it
 * never comes back.
 */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BrandVoiceView, OrganizationView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useSession } from '../../api/hooks';
import { patchUserDetails } from '../../api/session';
import { TextField } from '../../components/TextField';
import { useSave } from '../../components/useSave';
import '../../i18n/areas/onboarding';
import { BrandColorField, BrandColorList, colorOf, HEX, withColor } from '../brandVoice/brandColors';
import { Page } from '../../components/Page';

const STEPS = ['/onboarding/welcome', '/onboarding/base-info', '/onboarding/brand', '/onboarding/brand-complete'] as const;
type Fields = Pick<OrganizationView, 'name' | 'shortCode' | 'intro' | 'icon'>;
type Colors = { primary: string; secondary: string };
const colorsOf = (voice: BrandVoiceView): Colors => ({ primary: colorOf(voice.brandColors, 'PRIMARY'), secondary: colorOf(voice.brandColors, 'SECONDARY') });

export default function OnboardingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const step = Math.max(0, STEPS.indexOf(pathname as (typeof STEPS)[number]));
  const orgId = session?.userdetails.organizations.find((o) => o.isSelected)?.id;
  const [org, setOrg] = useState<OrganizationView | null>(null);
  const [form, setForm] = useState<Fields>({ name: '', shortCode: '', intro: '', icon: '' });
  const [nameError, setNameError] = useState<string>();
  // the brand's colours live in the brand voice, for those who may edit it
  const mayBrand = session?.userdetails.rolePermissions.includes('NAV_BRAND_VOICE') ?? false;
  const [voice, setVoice] = useState<BrandVoiceView | null>(null);
  const [colors, setColors] = useState<Colors>({ primary: '', secondary: '' });
  const badColor = [colors.primary, colors.secondary].some((c) => c !== '' && !HEX.test(c));
  const { busy, save } = useSave();

  useEffect(() => {
    if (orgId === undefined) return;
    let live = true;
    void call('organization.detail', { id: orgId }).then((o) => {
      if (!live) return;
      setOrg(o);
      setForm({ name: o.name, shortCode: o.shortCode, intro: o.intro, icon: o.icon });
    });
    return () => {
      live = false;
    };
  }, [orgId]);

  useEffect(() => {
    if (orgId === undefined || !mayBrand) return;
    let live = true;
    void call('brandVoice.detail', {}).then((v) => {
      if (!live) return;
      setVoice(v);
      setColors(colorsOf(v));
    });
    return () => {
      live = false;
    };
  }, [orgId, mayBrand]);

  /** The brand voice with the colours of the brand step, when they changed; the voice's other fields stay. */
  async function saveColors() {
    if (!voice) return;
    const stored = colorsOf(voice);
    if (stored.primary === colors.primary && stored.secondary === colors.secondary) return;
    const { generated: _generated, ...fields } = voice;
    const brandColors = withColor(withColor(voice.brandColors, 'PRIMARY', colors.primary), 'SECONDARY', colors.secondary);
    setVoice(await call('brandVoice.save', { ...fields, brandColors }));
  }

  async function saveAndGo(next: string) {
    if (!org || (next === STEPS[3] && badColor)) return;
    if (!form.name.trim()) {
      setNameError(t('validation.inputRequired', { param: t('onboarding.name') }));
      return;
    }
    let saved: OrganizationView | undefined;
    const ok = await save(async () => {
      saved = await call('organization.save', { ...org, ...form, id: org.id, version: org.version });
      if (next === STEPS[3]) await saveColors();
    }, t('onboarding.saved'));
    if (!ok || !saved) return;
    setOrg(saved);
    await navigate(next);
  }

  /** Done or skipped: marked on the server, so neither this administrator nor another is led here again. */
  async function finish() {
    if (orgId === undefined) return;
    await call('organization.completeOnboarding', { id: orgId });
    const organizations = session?.userdetails.organizations.map((o) => (o.id === orgId ? { ...o, onboardingPending: false } : o));
    if (organizations) patchUserDetails({ organizations });
    await navigate('/dashboard', { replace: true });
  }

  const titles = ['page.onboardingWelcome', 'page.onboardingBaseInfo', 'page.onboardingBrand', 'page.onboardingBrandComplete'];
  const name = org?.name ?? '';
  return (
    <Page title={step === 0 ? t('onboarding.welcomeTitle', { name }) : step === 3 ? t('onboarding.completeTitle') : t(titles[step])}>
      <div className="card">
        <nav aria-label={t('onboarding.steps')}>
          {/* a plain list: the steps are shown, not links (PrimeReact's read-only Steps greys them below contrast) */}
          <ol>
            {titles.map((key, i) => (
              <li key={key} aria-current={i === step ? 'step' : undefined}>
                {i === step ? <strong>{t(key)}</strong> : t(key)}
              </li>
            ))}
          </ol>
        </nav>
        {step === 0 && (
          <>
            <p>{t('onboarding.welcomeText')}</p>
            <div className="row-actions">
              <Button type="button" label={t('onboarding.start')} icon="pi pi-arrow-right" iconPos="right" onClick={() => void navigate(STEPS[1])} />
            </div>
          </>
        )}
        {/* the forms once the organization is read, so nothing typed is overwritten by its stored fields */}
        {step === 1 && org && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void saveAndGo(STEPS[2]);
            }}
          >
            <p>{t('onboarding.baseInfoText')}</p>
            <TextField
              id="onboarding-name"
              label={`${t('onboarding.name')} *`}
              value={form.name}
              maxLength={100}
              error={nameError}
              onChange={(v) => {
                setForm((f) => ({ ...f, name: v }));
                setNameError(undefined);
              }}
            />
            <TextField
              id="onboarding-short-code"
              label={t('onboarding.shortCode')}
              value={form.shortCode}
              maxLength={20}
              onChange={(v) => setForm((f) => ({ ...f, shortCode: v }))}
            />
            <div className="field">
              <label htmlFor="onboarding-intro">{t('onboarding.intro')}</label>
              <InputTextarea id="onboarding-intro" value={form.intro} rows={3} maxLength={1000} onChange={(e) => setForm((f) => ({ ...f, intro: e.target.value }))} />
            </div>
            <div className="row-actions">
              <Button type="button" text label={t('onboarding.back')} onClick={() => void navigate(STEPS[0])} />
              <Button type="submit" label={t('onboarding.next')} loading={busy} disabled={!org} />
            </div>
          </form>
        )}
        {step === 2 && org && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void saveAndGo(STEPS[3]);
            }}
          >
            <p>{t('onboarding.brandText')}</p>
            <TextField
              id="onboarding-icon"
              label={t('onboarding.icon')}
              hint={t('onboarding.iconHint')}
              value={form.icon}
              maxLength={2048}
              onChange={(v) => setForm((f) => ({ ...f, icon: v }))}
            />
            {voice && (
              <fieldset>
                <legend>{t('brandVoice.colors')}</legend>
                <p className="muted">{t('onboarding.colorsText')}</p>
                <BrandColorField
                  id="onboarding-primary-color"
                  label={t('onboarding.primaryColor')}
                  value={colors.primary}
                  optional
                  onChange={(primary) => setColors((c) => ({ ...c, primary }))}
                />
                <BrandColorField
                  id="onboarding-secondary-color"
                  label={t('onboarding.secondaryColor')}
                  value={colors.secondary}
                  optional
                  onChange={(secondary) => setColors((c) => ({ ...c, secondary }))}
                />
              </fieldset>
            )}
            <div className="row-actions">
              <Button type="button" text label={t('onboarding.back')} onClick={() => void navigate(STEPS[1])} />
              <Button type="submit" label={t('onboarding.next')} loading={busy} disabled={!org || badColor} />
            </div>
          </form>
        )}
        {step === 3 && (
          <>
            <p>{t('onboarding.completeText', { name })}</p>
            {voice && voice.brandColors.length > 0 && (
              <>
                <h2 className="card-title">{t('brandVoice.colors')}</h2>
                <BrandColorList colors={voice.brandColors} testId="onboarding-colors" />
              </>
            )}
            <div className="row-actions">
              <Button type="button" label={t('onboarding.finish')} icon="pi pi-check" onClick={() => void finish()} />
            </div>
          </>
        )}
        {step < 3 && (
          <p>
            <Button type="button" text label={t('onboarding.skip')} onClick={() => void finish()} />
          </p>
        )}
      </div>
    </Page>
  );
}
