/**
 * A test of a push, SMS, LINE or letter message (plan.testSend): SMS to phone numbers, push to test devices, LINE
 * to user ids, each as recipients get it, through the channel's own provider; a letter is its PDF. Tests go
 * only to the accounts of members and of the kept test addresses (the server lists them: plan.getTestTargets).
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadIn } from '../../../../../shared/services';
import type { TestSendChannel } from '../../../../../shared/services/plan';
import { call } from '../../../api/client';
import { downloadBlob } from '../../../api/fileTransfer';
import { useCall } from '../../../api/hooks';
import { Select } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { showError, showSuccess } from '../../../ui/toastBus';
import { TEST_ADDRESSING } from '../../template/channel/channels';
import { MAX_TEST_ADDRESSES, parseTargets } from '../wizard';
import partStyles from '../planParts.module.css';
import wizardStyles from './wizard.module.css';
import { SelectField } from '../../../components/Field';

export interface TestSendProps {
  channel: TestSendChannel;
  languages: string[];
  defaultLanguage: string;
  /** saves the message when it has changes; the saved message's id, or null when refused */
  save: () => Promise<string | null>;
}

function downloadPdf(fileName: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type: 'application/pdf' }), fileName);
}

export function TestSend({ channel, languages, defaultLanguage, save }: TestSendProps) {
  const { t } = useTranslation();
  const addressing = TEST_ADDRESSING[channel];
  const targets = useCall(addressing.kind === 'file' ? null : ['plan.getTestTargets', { channel }], { dedupingInterval: 30_000, shouldRetryOnError: false });
  const [text, setText] = useState('');
  const [devices, setDevices] = useState<string[]>([]);
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const list = targets.data?.targets ?? [];
  const chosenLanguage = language && (language === 'ALL' || languages.includes(language)) ? language : undefined;

  // each channel's target shape is the schema's (plan.testSend checks it); the addressing says which it is
  function target(): PayloadIn<'plan.testSend'>['target'] {
    if (addressing.kind === 'file') return { channel } as PayloadIn<'plan.testSend'>['target'];
    if (addressing.kind === 'devices') return { channel, ...(devices.length ? { to: devices } : {}) } as PayloadIn<'plan.testSend'>['target'];
    const { values, invalid } = parseTargets(text, addressing.pattern);
    if (invalid.length) throw new Error(t(`campaign.testSend.incorrect.${channel}`, { value: invalid[0] }));
    if (values.length === 0) throw new Error(t(`campaign.testSend.none.${channel}`));
    if (values.length > MAX_TEST_ADDRESSES) throw new Error(t('campaign.test.tooMany', { max: MAX_TEST_ADDRESSES }));
    return { channel, to: values } as PayloadIn<'plan.testSend'>['target'];
  }

  async function send() {
    let chosen;
    try {
      chosen = target();
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    if (addressing.kind === 'devices' && list.length === 0) return setError(t('campaign.testSend.noTargets'));
    setError(undefined);
    setBusy(true);
    try {
      const id = await save();
      if (!id) return;
      const answer = await call('plan.testSend', { id, target: chosen, language: chosenLanguage });
      if (answer.file) downloadPdf(answer.file.fileName, answer.file.base64);
      else if (answer.refused.length)
        showError(t('campaign.testSend.refused', { count: answer.refused.length, reasons: answer.refused.map((r) => `${r.to}: ${r.reason}`).join(', ') }));
      else showSuccess(t('campaign.testSend.sent', { count: answer.sent }));
    } catch {
      // the client's toast says why
    } finally {
      setBusy(false);
    }
  }

  const languageChoice = languages.length > 1 && (
    <SelectField
      id="test-send-language"
      label={t('campaign.test.language')}
      value={chosenLanguage ?? ''}
      options={[
        { label: t('campaign.testSend.ownLanguage'), value: '' },
        ...languages.map((l) => ({ label: l, value: l })),
        ...(addressing.kind === 'file' ? [] : [{ label: t('campaign.test.allLanguages', { n: languages.length }), value: 'ALL' }]),
      ]}
      onChange={(e) => setLanguage((e.value as string) || undefined)}
    />
  );

  if (addressing.kind === 'file') {
    return (
      <section className="card" aria-labelledby="test-title" data-testid="test-send">
        <h3 id="test-title" className="card-title">
          {t('campaign.testSend.letterTitle')}
        </h3>
        <p className="muted small">{t('campaign.testSend.letterIntro', { language: defaultLanguage })}</p>
        {languageChoice}
        <Button type="button" outlined icon="pi pi-file-pdf" label={t('campaign.testSend.letterPdf')} loading={busy} onClick={() => void send()} />
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="test-title" data-testid="test-send">
      <h3 id="test-title" className="card-title">
        {t('campaign.test.title')}
      </h3>
      <p className="muted small">{t(`campaign.testSend.intro.${channel}`, { max: MAX_TEST_ADDRESSES })}</p>
      <p className="muted small">{t('campaign.testSend.where')}</p>
      {targets.error && <p className="notice notice-warn">{t('campaign.testSend.targetsError')}</p>}
      {!targets.error && targets.data && list.length === 0 && <p className="notice notice-info">{t('campaign.testSend.noTargets')}</p>}
      <form
        className={wizardStyles.inlineForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {addressing.kind === 'devices' ? (
          <fieldset className={`${partStyles.choiceGroup} ${wizardStyles.grow}`} aria-describedby={error ? 'test-send-error' : undefined}>
            <legend>{t('campaign.testSend.devices')}</legend>
            <p className="muted small">{t('campaign.testSend.allDevices')}</p>
            {list.map((d) => (
              <div key={d.to} className="checkbox-row">
                <Checkbox
                  inputId={`test-device-${d.to}`}
                  checked={devices.includes(d.to)}
                  onChange={(e) => setDevices(e.checked ? [...devices, d.to] : devices.filter((x) => x !== d.to))}
                />
                <label htmlFor={`test-device-${d.to}`}>
                  {d.name} — {d.to}
                </label>
              </div>
            ))}
            {error && (
              <small id="test-send-error" className="p-error">
                {error}
              </small>
            )}
          </fieldset>
        ) : (
          <TextField
            id="test-send-to"
            label={t(`campaign.testSend.to.${channel}`)}
            value={text}
            error={error}
            placeholder={addressing.placeholder}
            fieldClassName={wizardStyles.grow}
            onChange={(v) => {
              setText(v);
              setError(undefined);
            }}
          />
        )}
        <Button type="submit" outlined icon="pi pi-send" label={t('campaign.test.send')} loading={busy} />
      </form>
      {languageChoice}
      {addressing.kind !== 'devices' && list.length > 0 && (
        <Select
          inputId="test-send-pick"
          label={t('campaign.test.pick')}
          placeholder={t('campaign.test.pick')}
          value={null}
          options={list.map((x) => ({ label: `${x.name} <${x.to}>`, value: x.to }))}
          filter
          onChange={(e) => {
            setText([text.trim(), e.value as string].filter(Boolean).join(', '));
            setError(undefined);
          }}
        />
      )}
    </section>
  );
}
