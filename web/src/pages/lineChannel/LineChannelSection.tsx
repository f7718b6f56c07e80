/**
 * The organization's LINE channel, a section of the channel settings screen (/push-channel): the channel id,
 * and the channel access token and secret, which are write-only: the screen shows only whether each is set,
 * and leaving a field empty keeps the stored one.
 */
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINE_ACCESS_TOKEN, LINE_CHANNEL_SECRET, type LineChannelView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import type { CallKey } from '../../api/keys';
import { FieldError, TextField } from '../../components/TextField';
import { useSave } from '../../components/useSave';
import '../../i18n/areas/lineChannel';
import settingsStyles from '../settings/SettingsPage.module.css';

const DETAIL: CallKey<'lineChannel.detail'> = ['lineChannel.detail', {}];

interface Form {
  channelId: string;
  accessToken: string;
  channelSecret: string;
}

function errorsOf(form: Form, t: (k: string) => string): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  if (!/^\d*$/.test(form.channelId.trim())) errors.channelId = t('lineChannel.channelIdInvalid');
  if (form.accessToken.trim() && !LINE_ACCESS_TOKEN.test(form.accessToken.trim())) errors.accessToken = t('lineChannel.accessTokenInvalid');
  if (form.channelSecret.trim() && !LINE_CHANNEL_SECRET.test(form.channelSecret.trim())) errors.channelSecret = t('lineChannel.channelSecretInvalid');
  return errors;
}

function SecretField({ id, label, set, value, error, onChange }: { id: string; label: string; set: boolean; value: string; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const messageId = `${id}-message`;
  return (
    <div className="field span-2">
      <label htmlFor={id}>{label}</label>
      <Password
        inputId={id}
        value={value}
        feedback={false}
        toggleMask
        autoComplete="off"
        invalid={Boolean(error)}
        placeholder={set ? t('lineChannel.keepPlaceholder') : ''}
        aria-describedby={messageId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <FieldError id={messageId} text={error} />
      ) : (
        <small id={messageId} className="muted">
          {set ? t('lineChannel.isSet') : t('lineChannel.notSet')}
        </small>
      )}
    </div>
  );
}

export function LineChannelSection() {
  const { t } = useTranslation();
  const { data, error, mutate } = useCall(DETAIL);
  const [form, setForm] = useState<Form>({ channelId: '', accessToken: '', channelSecret: '' });
  const [shown, setShown] = useState(false);
  const { busy, save } = useSave();
  useEffect(() => {
    if (data) setForm({ channelId: data.channelId, accessToken: '', channelSecret: '' });
  }, [data]);
  const errors = shown ? errorsOf(form, t) : {};

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (!data || Object.keys(errorsOf(form, t)).length > 0) return;
    const payload = {
      channelId: form.channelId.trim(),
      accessToken: form.accessToken.trim() || undefined,
      channelSecret: form.channelSecret.trim() || undefined,
      version: data.version,
    };
    if (await save(() => call('lineChannel.save', payload), t('lineChannel.saved'))) {
      setShown(false);
      void mutate();
    }
  }

  async function remove(view: LineChannelView) {
    if (await save(() => call('lineChannel.remove', { version: view.version }), t('lineChannel.removed'))) void mutate();
  }

  return (
    <form className={`card ${settingsStyles.settingsSection}`} onSubmit={submit} noValidate aria-labelledby="line-channel-title" data-testid="line-channel">
      <h2 id="line-channel-title" className="card-title">
        {t('lineChannel.title')}
      </h2>
      <p className="muted">{t('lineChannel.text')}</p>
      {error && <p role="alert">{t('lineChannel.loadFailed')}</p>}
      <div className="form-grid">
        <TextField
          id="line-channel-id"
          label={t('lineChannel.channelId')}
          value={form.channelId}
          maxLength={32}
          inputMode="numeric"
          error={errors.channelId}
          onChange={(channelId) => setForm({ ...form, channelId })}
        />
        <SecretField
          id="line-access-token"
          label={t('lineChannel.accessToken')}
          set={Boolean(data?.accessTokenSet)}
          value={form.accessToken}
          error={errors.accessToken}
          onChange={(accessToken) => setForm({ ...form, accessToken })}
        />
        <SecretField
          id="line-channel-secret"
          label={t('lineChannel.channelSecret')}
          set={Boolean(data?.channelSecretSet)}
          value={form.channelSecret}
          error={errors.channelSecret}
          onChange={(channelSecret) => setForm({ ...form, channelSecret })}
        />
      </div>
      <div className="form-actions">
        {data && data.version > 0 && (
          <Button type="button" label={t('lineChannel.remove')} icon="pi pi-trash" severity="danger" outlined disabled={busy} onClick={() => void remove(data)} />
        )}
        <Button type="submit" label={t('common.save')} icon="pi pi-check" loading={busy} disabled={!data} />
      </div>
    </form>
  );
}

export default LineChannelSection;
