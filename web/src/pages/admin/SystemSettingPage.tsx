/**
 * System setting (/systemSetting): the organization's own setting (spec 001 3.11) and the deployment's send
 * rates per channel, which the first organization's administrators change and everyone else reads.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS, type Channel } from '../../../../shared/delivery';
import { type OrganizationSettingView, type SendRatesView, TEST_MAIL_LIMITS } from '../../../../shared/services';
import { call } from '../../api/client';
import { refreshConfiguration, useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { TextField } from '../../components/TextField';
import { LANGUAGE_NAMES, LANGUAGES } from '../../i18n';
import { offsetLabel, timeZoneNames } from '../campaign/schedule';
import { useSave } from '../../components/useSave';
import '../../i18n/areas/admin';
import '../../i18n/areas/systemSetting';
import { SelectField, TextAreaField } from '../../components/Field';
import styles from './SystemSettingPage.module.css';
import { FeatureCategoryPresets } from './FeatureCategoryPresets';
import { pricesText, readPrices } from './smsPrices';
import settingsStyles from '../settings/SettingsPage.module.css';
import { Page } from '../../components/Page';
import { LoadingCard } from '../../components/PageSpinner';

const SWITCHES = [
  'singleMessageApprovalSheet',
  'templateApprovalSheet',
  'languageAnalysis',
  'apiPushCheckDeletedTemplate',
  'mutableContent',
  'ignoreAccountNotifySetting',
  'convertHyperlink',
  'lifecycleSendingRules',
  'iotIdHash',
] as const;

const QUIET_BOUNDS = ['start', 'end'] as const;

type OrganizationForm = Omit<OrganizationSettingView, 'countryList' | 'testAddresses' | 'smsPrices'> & { countries: string; testAddressText: string; priceText: string };

const listOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The default country must be on the country list when there is one (the server says so too). */
function defaultCountryListed(form: OrganizationForm): boolean {
  const countries = listOf(form.countries).map((c) => c.toUpperCase());
  return countries.length === 0 || !form.defaultCountry || countries.includes(form.defaultCountry);
}

function formOf(view: OrganizationSettingView): OrganizationForm {
  const { countryList, testAddresses, smsPrices, ...rest } = view;
  return { ...rest, countries: countryList.join(', '), testAddressText: testAddresses.join('\n'), priceText: pricesText(smsPrices) };
}

function OrganizationSection({ view, onSaved }: { view: OrganizationSettingView; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => formOf(view));
  const [priceError, setPriceError] = useState<string | undefined>();
  const { busy, save } = useSave();
  useEffect(() => setForm(formOf(view)), [view]);
  const zones = useMemo(() => {
    const now = Date.now();
    return [{ value: '', label: t('systemSetting.browserTimeZone') }, ...timeZoneNames().map((z) => ({ value: z, label: `${z} (${offsetLabel(z, now)})` }))];
  }, [t]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!defaultCountryListed(form)) {
      document.getElementById('system-default-country')?.focus();
      return;
    }
    const read = readPrices(form.priceText);
    if ('bad' in read) {
      setPriceError(t('systemSetting.smsPricesBad', { line: read.bad }));
      document.getElementById('system-sms-prices')?.focus();
      return;
    }
    const { countries, testAddressText, priceText: _p, ...rest } = form;
    const payload = { ...rest, countryList: listOf(countries), testAddresses: listOf(testAddressText), smsPrices: read.prices };
    // a wrong country code or address, or a stale version: the client's toast says which
    if (await save(() => call('systemSetting.save', payload), t('systemSetting.saved'))) {
      // the locale defaults reach every screen through the configuration
      void refreshConfiguration().catch(() => undefined);
      onSaved();
    }
  }

  return (
    <form className={`card ${settingsStyles.settingsSection}`} onSubmit={submit} noValidate aria-labelledby="system-org-title">
      <h2 id="system-org-title" className="card-title">
        {t('systemSetting.organizationTitle')}
      </h2>
      <p className="muted">{t('systemSetting.organizationText')}</p>
      <div className="form-grid">
        <TextField
          id="system-preview-app"
          label={t('systemSetting.previewAppName')}
          hint={t('systemSetting.previewAppNameHint')}
          value={form.previewAppName}
          maxLength={100}
          onChange={(previewAppName) => setForm({ ...form, previewAppName })}
        />
        <TextField
          id="system-countries"
          label={t('systemSetting.countryList')}
          hint={t('systemSetting.countryHint')}
          value={form.countries}
          onChange={(countries) => setForm({ ...form, countries })}
        />
        <TextField
          id="system-default-country"
          label={t('systemSetting.defaultCountry')}
          hint={t('systemSetting.defaultCountryHint')}
          error={defaultCountryListed(form) ? undefined : t('systemSetting.defaultCountryNotListed')}
          value={form.defaultCountry}
          maxLength={2}
          onChange={(defaultCountry) => setForm({ ...form, defaultCountry: defaultCountry.toUpperCase() })}
        />
        <SelectField
          id="system-default-language"
          label={t('systemSetting.defaultLanguage')}
          hint={t('systemSetting.defaultLanguageHint')}
          value={form.defaultLanguage}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          onChange={(e) => setForm({ ...form, defaultLanguage: e.value as OrganizationForm['defaultLanguage'] })}
        />
        <SelectField
          id="system-default-zone"
          label={t('systemSetting.defaultTimeZone')}
          hint={t('systemSetting.defaultTimeZoneHint')}
          value={form.defaultTimeZone}
          options={zones}
          filter
          onChange={(e) => setForm({ ...form, defaultTimeZone: e.value as string })}
        />
        <TextAreaField
          id="system-sms-prices"
          label={t('systemSetting.smsPrices')}
          hint={t('systemSetting.smsPricesHint')}
          error={priceError}
          value={form.priceText}
          rows={2}
          onChange={(priceText) => {
            setForm({ ...form, priceText });
            setPriceError(undefined);
          }}
        />
        <TextField
          id="system-currency"
          label={t('systemSetting.currency')}
          hint={t('systemSetting.currencyHint')}
          value={form.currency}
          maxLength={3}
          onChange={(currency) => setForm({ ...form, currency: currency.toUpperCase() })}
        />
        <TextAreaField
          id="system-tips"
          className="span-2"
          label={t('systemSetting.approvalSheetTips')}
          value={form.approvalSheetTips}
          maxLength={500}
          onChange={(approvalSheetTips) => setForm({ ...form, approvalSheetTips })}
        />
        <TextAreaField
          id="system-test-addresses"
          className="span-2"
          label={t('systemSetting.testAddresses')}
          value={form.testAddressText}
          rows={3}
          hint={t('systemSetting.testAddressesHint', { max: TEST_MAIL_LIMITS.testAddresses })}
          onChange={(testAddressText) => setForm({ ...form, testAddressText })}
        />
        <fieldset className="span-2 sending-rules">
          <legend>{t('systemSetting.sendingRules')}</legend>
          <div className="checkbox-row">
            <Checkbox
              inputId="system-quiet-enabled"
              checked={form.quietHours.enabled}
              aria-describedby="system-quiet-hint"
              onChange={(e) => setForm({ ...form, quietHours: { ...form.quietHours, enabled: Boolean(e.checked) } })}
            />
            <label htmlFor="system-quiet-enabled">{t('systemSetting.quietHours')}</label>
          </div>
          <div className="form-grid">
            {QUIET_BOUNDS.map((bound) => (
              <div key={bound} className="field">
                <label htmlFor={`system-quiet-${bound}`}>{t(bound === 'start' ? 'systemSetting.quietStart' : 'systemSetting.quietEnd')}</label>
                <input
                  id={`system-quiet-${bound}`}
                  className="p-inputtext"
                  type="time"
                  value={form.quietHours[bound]}
                  disabled={!form.quietHours.enabled}
                  onChange={(e) => setForm({ ...form, quietHours: { ...form.quietHours, [bound]: e.target.value } })}
                />
              </div>
            ))}
          </div>
          <small id="system-quiet-hint" className="muted">
            {t('systemSetting.quietHoursHint')}
          </small>
          <div className="form-grid">
            {CHANNELS.map((channel) => (
              <div key={channel} className="field">
                <label htmlFor={`system-cap-${channel}`}>{t('systemSetting.capOf', { channel: t(`systemSetting.channel.${channel}`) })}</label>
                <InputNumber
                  inputId={`system-cap-${channel}`}
                  value={form.frequencyCaps[channel]}
                  min={0}
                  max={100}
                  aria-describedby="system-cap-hint"
                  onValueChange={(e) => setForm({ ...form, frequencyCaps: { ...form.frequencyCaps, [channel]: e.value ?? 0 } })}
                />
              </div>
            ))}
          </div>
          <small id="system-cap-hint" className="muted">
            {t('systemSetting.capHint')}
          </small>
        </fieldset>
        <FeatureCategoryPresets value={form.featureCategoryPresets} onChange={(featureCategoryPresets) => setForm({ ...form, featureCategoryPresets })} />
        <fieldset className={`${styles.switchList} span-2 ${settingsStyles.checkboxList}`}>
          <legend>{t('systemSetting.switches')}</legend>
          {SWITCHES.map((name) => (
            <div key={name}>
              <div className="checkbox-row">
                <Checkbox
                  inputId={`system-${name}`}
                  checked={form[name]}
                  aria-describedby={`system-${name}-hint`}
                  onChange={(e) => setForm({ ...form, [name]: Boolean(e.checked) })}
                />
                <label htmlFor={`system-${name}`}>{t(`systemSetting.${name}`)}</label>
              </div>
              <small id={`system-${name}-hint`} className="muted small">
                {t(`systemSetting.hint.${name}`)}
              </small>
            </div>
          ))}
        </fieldset>
      </div>
      <div className="form-actions">
        <Button type="submit" label={t('common.save')} icon="pi pi-check" loading={busy} />
      </div>
    </form>
  );
}

function SendRatesSection({ sending, onSaved }: { sending: SendRatesView; onSaved: () => void }) {
  const { t } = useTranslation();
  const [rates, setRates] = useState(sending.rates);
  const { busy, save } = useSave();
  useEffect(() => setRates(sending.rates), [sending]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await save(() => call('systemSetting.saveSendRates', { rates, version: sending.version }), t('systemSetting.ratesSaved'))) onSaved();
  }

  return (
    <form className={`card ${settingsStyles.settingsSection}`} onSubmit={submit} noValidate aria-labelledby="system-rates-title" data-testid="send-rates">
      <h2 id="system-rates-title" className="card-title">
        {t('systemSetting.ratesTitle')}
      </h2>
      <p className="muted">{t(sending.editable ? 'systemSetting.ratesText' : 'systemSetting.ratesReadOnly')}</p>
      <div className="form-grid">
        {CHANNELS.map((channel: Channel) => (
          <div key={channel} className="field">
            <label htmlFor={`rate-${channel}`}>{t(`systemSetting.channel.${channel}`)}</label>
            <InputNumber
              inputId={`rate-${channel}`}
              value={rates[channel]}
              min={1}
              max={100_000}
              suffix={` ${t('systemSetting.perSecond')}`}
              disabled={!sending.editable}
              onValueChange={(e) => setRates({ ...rates, [channel]: e.value ?? 1 })}
            />
          </div>
        ))}
      </div>
      <p className="muted small">{t('systemSetting.ratesHint')}</p>
      {sending.editable && (
        <div className="form-actions">
          <Button type="submit" label={t('common.save')} icon="pi pi-check" loading={busy} />
        </div>
      )}
    </form>
  );
}

export default function SystemSettingPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useCall(keys.systemSetting());
  const reload = () => void mutate();
  return (
    <Page title={t('page.systemSettings')} intro={t('systemSetting.intro')}>
      {isLoading && <LoadingCard label={t('systemSetting.loading')} />}
      {error && !data && (
        <div className="card">
          <p>{t('list.error')}</p>
          <Button label={t('common.retry')} icon="pi pi-refresh" onClick={reload} />
        </div>
      )}
      {data && (
        <div className={styles.pageStack}>
          <OrganizationSection view={data.organization} onSaved={reload} />
          <SendRatesSection sending={data.sending} onSaved={reload} />
        </div>
      )}
    </Page>
  );
}
