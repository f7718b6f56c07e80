/** Account settings: My Info, Preferences, Notifications, Alerts, Language; each tab saves with user.saveProfile. */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { RadioButton } from 'primereact/radiobutton';
import { TabPanel, TabView } from 'primereact/tabview';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mutate } from 'swr';
import type { Lang } from '../../../../shared/errors';
import type { PayloadIn } from '../../../../shared/services';
import { isValidEmail } from '../../../../shared/validation';
import { call } from '../../api/client';
import { useProfile, useSession } from '../../api/hooks';
import { keys } from '../../api/keys';
import { patchUserDetails } from '../../api/session';
import { menuFor } from '../../app/access';
import { useOrgLocale } from '../../app/locale';
import { TIME_ZONE_OPTIONS } from '../../app/timeZones';
import { FieldError, TextField } from '../../components/TextField';
import { chooseLanguage } from '../../components/LanguageSwitcher';
import { LANGUAGE_NAMES, LANGUAGES } from '../../i18n';
import { PageSpinner } from '../../components/PageSpinner';
import '../../i18n/areas/settings';
import { shownName } from '../../i18n/seededNames';
import { useSave } from '../../components/useSave';
import styles from './SettingsPage.module.css';
import { UserAlerts } from './UserAlerts';
import linkStyles from '../../components/links.module.css';
import { SelectField } from '../../components/Field';
import { Page } from '../../components/Page';

type ProfilePatch = PayloadIn<'user.saveProfile'>;

const ALERT_TYPES = ['APPROVAL_REQUEST', 'APPROVAL_RESULT', 'SEND_COMPLETED', 'SEND_FAILED', 'IMPORT_FINISHED', 'EXPORT_READY'] as const;

/** Saves the profile and brings the cached profile and the session's user details up to date. */
async function storeProfile(patch: ProfilePatch): Promise<void> {
  const saved = await call('user.saveProfile', patch);
  await mutate(keys.profile(), saved, { revalidate: false });
  patchUserDetails({
    firstName: saved.firstName,
    lastName: saved.lastName,
    email: saved.email,
    language: saved.language,
    timeZone: saved.timeZone,
    defaultLandingPage: saved.defaultLandingPage,
  });
}

function SaveBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button type="submit" label={t('common.save')} icon="pi pi-check" loading={busy} />
    </div>
  );
}

function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <div className={styles.settingsSection}>
      <h2 className="card-title">{title}</h2>
      {text && <p className="muted">{text}</p>}
      {children}
    </div>
  );
}

export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { data: profile, error, isLoading, mutate: reload } = useProfile();
  const [tab, setTab] = useState(0);
  const { busy, save } = useSave();
  const [info, setInfo] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [infoErrors, setInfoErrors] = useState<{ email?: string; password?: string }>({});
  const [prefs, setPrefs] = useState({ defaultLandingPage: '/dashboard', timeZone: '', language: 'en' as Lang });
  const [alertTypes, setAlertTypes] = useState<string[]>([]);
  const [alertEmails, setAlertEmails] = useState<string[]>([]);
  const [alertError, setAlertError] = useState<string>();

  useEffect(() => {
    if (!profile) return;
    setInfo({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, password: '' });
    setPrefs({ defaultLandingPage: profile.defaultLandingPage, timeZone: profile.timeZone, language: profile.language });
    setAlertTypes(profile.alertTypes);
    setAlertEmails(profile.alertEmails);
  }, [profile]);

  const landingOptions = useMemo(() => (session ? menuFor(session).flatMap((g) => g.items.map((r) => ({ value: r.path, label: t(r.titleKey) }))) : []), [session, t]);
  const orgLocale = useOrgLocale();
  const timeZones = useMemo(() => {
    const none = { value: '', label: orgLocale.timeZone ? t('settings.timeZoneDefault', { zone: orgLocale.timeZone }) : t('settings.timeZoneBrowser') };
    const listed = TIME_ZONE_OPTIONS.some((o) => o.value === prefs.timeZone) || prefs.timeZone === '';
    return [none, ...(listed ? [] : [{ value: prefs.timeZone, label: prefs.timeZone }]), ...TIME_ZONE_OPTIONS];
  }, [prefs.timeZone, orgLocale.timeZone, t]);
  const languageOptions = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));

  if (isLoading && !profile) return <PageSpinner />;
  if (error && !profile) {
    return (
      <section className="page">
        <div className="card state-error" role="alert">
          <p>{t('list.error')}</p>
          <Button label={t('common.retry')} icon="pi pi-refresh" onClick={() => void reload()} />
        </div>
      </section>
    );
  }
  if (!profile) return null;

  // the saved text is read after the save: a language just chosen already speaks in it
  const run = (patch: ProfilePatch) =>
    save(
      () => storeProfile(patch),
      () => i18n.t('settings.saved'),
    );

  const emailChanged = Boolean(profile) && info.email.trim().toLowerCase() !== profile!.email.toLowerCase();

  /** Names save at once; a new sign-in address needs the password and takes effect from the mailed link. */
  async function saveInfo(e: FormEvent) {
    e.preventDefault();
    const email = info.email.trim();
    const problems = {
      email: isValidEmail(email) ? undefined : t('validation.emailInvalid'),
      password: emailChanged && !info.password ? t('validation.passwordRequired') : undefined,
    };
    setInfoErrors(problems);
    if (problems.email || problems.password) return;
    if (!(await run({ firstName: info.firstName.trim(), lastName: info.lastName.trim() }))) return;
    if (!emailChanged) return;
    if (await save(() => call('user.changeEmail', { email, password: info.password }), t('settings.emailConfirmSent', { email }))) {
      setInfo((i) => ({ ...i, email: profile!.email, password: '' }));
    }
  }

  async function savePrefs(e: FormEvent) {
    e.preventDefault();
    // the language first, so that the saved toast already speaks it
    await chooseLanguage(prefs.language);
    await run(prefs);
  }

  async function saveAlerts(e: FormEvent) {
    e.preventDefault();
    const bad = alertEmails.find((m) => !isValidEmail(m));
    setAlertError(bad ? t('validation.emailIncorrect') : undefined);
    if (bad) return;
    await run({ alertEmails });
  }

  async function pickLanguage(language: Lang) {
    setPrefs((p) => ({ ...p, language }));
    await chooseLanguage(language);
    await run({ language });
  }

  return (
    <Page title={t('page.settings')} intro={t('settings.intro')}>
      <div className="card">
        <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} className={styles.settingsTabs}>
          <TabPanel header={t('settings.tabs.myInfo')} leftIcon="pi pi-user">
            <form className="form-grid" onSubmit={saveInfo} noValidate>
              <TextField id="settings-username" label={t('user.username')} value={profile.username} disabled />
              <TextField id="settings-role" label={t('user.role')} value={shownName(profile.roleName)} disabled />
              <TextField id="settings-first-name" label={t('user.firstName')} value={info.firstName} maxLength={64} onChange={(firstName) => setInfo({ ...info, firstName })} />
              <TextField id="settings-last-name" label={t('user.lastName')} value={info.lastName} maxLength={64} onChange={(lastName) => setInfo({ ...info, lastName })} />
              <TextField
                id="settings-email"
                type="email"
                fieldClassName="span-2"
                label={t('user.email')}
                value={info.email}
                error={infoErrors.email}
                onChange={(email) => setInfo({ ...info, email })}
              >
                <small className="field-hint">{t('settings.emailHint')}</small>
              </TextField>
              {emailChanged && (
                <TextField
                  id="settings-email-password"
                  type="password"
                  fieldClassName="span-2"
                  label={t('settings.currentPassword')}
                  value={info.password}
                  error={infoErrors.password}
                  autoComplete="current-password"
                  onChange={(password) => setInfo({ ...info, password })}
                >
                  <small className="field-hint">{t('settings.emailPasswordHint')}</small>
                </TextField>
              )}
              <div className="field span-2">
                <Link to="/password-edit" className={linkStyles.quietLink}>
                  <i className="pi pi-key" aria-hidden="true" /> {t('layout.changePassword')}
                </Link>
              </div>
              <SaveBar busy={busy} />
            </form>
          </TabPanel>

          <TabPanel header={t('settings.tabs.preferences')} leftIcon="pi pi-sliders-h">
            <form className="form-grid" onSubmit={savePrefs} noValidate>
              <SelectField
                id="settings-landing"
                label={t('settings.defaultLandingPage')}
                value={prefs.defaultLandingPage}
                options={landingOptions}
                onChange={(e) => setPrefs({ ...prefs, defaultLandingPage: e.value as string })}
                placeholder={t('settings.choose')}
                filter={landingOptions.length > 10}
              />
              <SelectField
                id="settings-timezone"
                label={t('settings.timeZone')}
                value={prefs.timeZone}
                options={timeZones as { value: string; label: string }[]}
                onChange={(e) => setPrefs({ ...prefs, timeZone: e.value as string })}
                filter
              />
              <SelectField
                id="settings-language"
                label={t('settings.portalLanguage')}
                value={prefs.language}
                options={languageOptions}
                onChange={(e) => setPrefs({ ...prefs, language: e.value as Lang })}
              />
              <SaveBar busy={busy} />
            </form>
          </TabPanel>

          <TabPanel header={t('settings.tabs.notifications')} leftIcon="pi pi-bell">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void run({ alertTypes });
              }}
              noValidate
            >
              <Section title={t('settings.notificationsTitle')} text={t('settings.notificationsText')}>
                <div className={styles.checkboxList}>
                  {ALERT_TYPES.map((type) => (
                    <div key={type} className="checkbox-row">
                      <Checkbox
                        inputId={`alert-${type}`}
                        checked={alertTypes.includes(type)}
                        onChange={(e) => setAlertTypes(e.checked ? [...alertTypes, type] : alertTypes.filter((x) => x !== type))}
                      />
                      <label htmlFor={`alert-${type}`}>{t(`settings.alertType.${type}`)}</label>
                    </div>
                  ))}
                </div>
              </Section>
              <SaveBar busy={busy} />
            </form>
          </TabPanel>

          <TabPanel header={t('settings.tabs.alerts')} leftIcon="pi pi-exclamation-circle">
            <form onSubmit={saveAlerts} noValidate>
              <Section title={t('settings.alertsTitle')} text={t('settings.alertsText')}>
                <div className="field">
                  <label id="settings-alert-emails-label" htmlFor="settings-alert-emails">
                    {t('settings.alertEmails')}
                  </label>
                  <Chips
                    inputId="settings-alert-emails"
                    value={alertEmails}
                    onChange={(e) => setAlertEmails((e.value ?? []).map((v) => v.trim()).filter(Boolean))}
                    separator=","
                    max={20}
                    invalid={Boolean(alertError)}
                    // PrimeReact marks the chips up as a listbox whose last "option" is the text field, which no
                    // screen reader can make sense of: a plain list of the addresses, then the labelled field.
                    pt={{
                      container: { role: undefined, 'aria-orientation': undefined, 'aria-activedescendant': undefined, 'aria-labelledby': 'settings-alert-emails-label' },
                      token: { role: undefined, 'aria-selected': undefined },
                    }}
                  />
                  <FieldError id="settings-alert-emails-error" text={alertError} />
                </div>
              </Section>
              <SaveBar busy={busy} />
            </form>
            <UserAlerts />
          </TabPanel>

          <TabPanel header={t('settings.tabs.language')} leftIcon="pi pi-globe">
            <Section title={t('settings.languageTitle')} text={t('settings.languageText')}>
              <div className={styles.checkboxList} role="radiogroup" aria-label={t('settings.portalLanguage')}>
                {LANGUAGES.map((l) => (
                  <div key={l} className="checkbox-row">
                    <RadioButton inputId={`lang-${l}`} name="language" value={l} checked={prefs.language === l} onChange={() => void pickLanguage(l)} />
                    <label htmlFor={`lang-${l}`}>{LANGUAGE_NAMES[l]}</label>
                  </div>
                ))}
              </div>
            </Section>
          </TabPanel>
        </TabView>
      </div>
    </Page>
  );
}
