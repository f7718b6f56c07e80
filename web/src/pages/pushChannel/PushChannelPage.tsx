/**
 * The channel settings screen (/push-channel): each app's push channels, APNs (.p8 token key or .p12
 * certificate, sandbox or production) and FCM (service account JSON), one default per service; added, edited
 * and deleted (after a confirmation), with a test send to one account's devices. Credentials are chosen as
 * files and go to the server only: the screen never gets them back, it shows that they are set (and a
 * certificate's expiry). The organization's LINE channel is the section below.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Password } from 'primereact/password';
import { Tag } from 'primereact/tag';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APNS_AUTH_METHODS, PUSH_SERVICE_TYPES } from '../../../../shared/entities';
import type { PayloadIn, PushChannelView, Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import type { CallKey } from '../../api/keys';
import { FormDialog } from '../../components/FormDialog';
import { Select } from '../../components/Select';
import { FieldError, TextField } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { LineChannelSection } from '../lineChannel/LineChannelSection';
import { MessageProviderSection } from '../messageProvider/MessageProviderSection';
import '../../i18n/areas/pushChannel';

const LIST: CallKey<'pushChannelSetting.list'> = ['pushChannelSetting.list', {}];
const APPS: CallKey<'pushChannelSetting.applications'> = ['pushChannelSetting.applications', {}];

type ServiceType = (typeof PUSH_SERVICE_TYPES)[number];
type AuthMethod = (typeof APNS_AUTH_METHODS)[number];

interface Form {
  id?: string;
  version?: number;
  title: string;
  appId: string;
  type: ServiceType | '';
  isDefault: boolean;
  enabled: boolean;
  authMethod: AuthMethod | '';
  bundleId: string;
  teamId: string;
  keyId: string;
  /** the chosen files' contents (.p8 text, .p12 base64, JSON text) and names; empty keeps the stored one */
  tokenKey: string;
  tokenKeyName: string;
  certificate: string;
  certificateName: string;
  certificatePassword: string;
  serviceJson: string;
  serviceJsonName: string;
}

type Errors = Partial<Record<keyof Form, string>>;

const EMPTY: Form = {
  title: '',
  appId: '',
  type: '',
  isDefault: false,
  enabled: true,
  authMethod: 'KEY',
  bundleId: '',
  teamId: '',
  keyId: '',
  tokenKey: '',
  tokenKeyName: '',
  certificate: '',
  certificateName: '',
  certificatePassword: '',
  serviceJson: '',
  serviceJsonName: '',
};

const TEN = /^[A-Z0-9]{10}$/;
const BUNDLE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

function formOf(v: PushChannelView): Form {
  return {
    ...EMPTY,
    id: v.id,
    version: v.version,
    title: v.title,
    appId: v.appId,
    type: v.type,
    isDefault: v.isDefault,
    enabled: v.enabled,
    authMethod: v.authMethod ?? 'KEY',
    bundleId: v.bundleId ?? '',
    teamId: v.teamId ?? '',
    keyId: v.keyId ?? '',
  };
}

/** What the form lacks, as the server would say it; `stored` is the channel being edited (its credentials may stay). */
function errorsOf(f: Form, stored: PushChannelView | undefined, t: (k: string) => string): Errors {
  const e: Errors = {};
  const keeps = (kind: 'GCM' | AuthMethod) => stored?.credentialSet && (kind === 'GCM' ? stored.type === 'GCM' : stored.type !== 'GCM' && stored.authMethod === kind);
  if (!f.title.trim()) e.title = t('pushChannel.invalid.title');
  if (!f.appId) e.appId = t('pushChannel.invalid.app');
  if (!f.type) e.type = t('pushChannel.invalid.type');
  if (f.type === 'GCM') {
    if (!f.serviceJson && !keeps('GCM')) e.serviceJson = t('pushChannel.invalid.serviceJson');
    else if (f.serviceJson) {
      try {
        const json = JSON.parse(f.serviceJson) as Record<string, unknown>;
        if (json.type !== 'service_account' || !json.project_id || !json.client_email || !json.private_key) e.serviceJson = t('pushChannel.invalid.serviceJsonShape');
      } catch {
        e.serviceJson = t('pushChannel.invalid.serviceJsonShape');
      }
    }
  } else if (f.type) {
    if (!f.authMethod) e.authMethod = t('pushChannel.invalid.authMethod');
    if (!BUNDLE.test(f.bundleId.trim())) e.bundleId = t('pushChannel.invalid.bundleId');
    if (f.authMethod === 'KEY') {
      if (!TEN.test(f.teamId.trim())) e.teamId = t('pushChannel.invalid.teamId');
      if (!TEN.test(f.keyId.trim())) e.keyId = t('pushChannel.invalid.keyId');
      if (!f.tokenKey && !keeps('KEY')) e.tokenKey = t('pushChannel.invalid.tokenKey');
      else if (f.tokenKey && !/-----BEGIN PRIVATE KEY-----/.test(f.tokenKey)) e.tokenKey = t('pushChannel.invalid.tokenKeyShape');
    }
    if (f.authMethod === 'CERTIFICATE' && !f.certificate && !keeps('CERTIFICATE')) e.certificate = t('pushChannel.invalid.certificate');
  }
  return e;
}

function payloadOf(f: Form): PayloadIn<'pushChannelSetting.save'> {
  const apns = f.type !== 'GCM';
  return {
    ...(f.id ? { id: f.id, version: f.version } : {}),
    title: f.title.trim(),
    appId: f.appId,
    type: f.type as ServiceType,
    isDefault: f.isDefault,
    enabled: f.enabled,
    ...(apns ? { authMethod: f.authMethod as AuthMethod, bundleId: f.bundleId.trim() } : {}),
    ...(apns && f.authMethod === 'KEY' ? { teamId: f.teamId.trim(), keyId: f.keyId.trim(), ...(f.tokenKey ? { tokenKey: f.tokenKey } : {}) } : {}),
    ...(apns && f.authMethod === 'CERTIFICATE' && f.certificate ? { certificate: f.certificate, certificatePassword: f.certificatePassword } : {}),
    ...(!apns && f.serviceJson ? { serviceJson: f.serviceJson } : {}),
  };
}

/** Reads a chosen file as text or (a .p12) as base64. */
function readFile(file: File, as: 'text' | 'base64'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error);
    reader.onload = () => {
      const result = reader.result;
      if (as === 'text') resolve(String(result));
      else resolve(String(result).replace(/^data:[^,]*,/, ''));
    };
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

function FileField({
  id,
  label,
  accept,
  chosen,
  set,
  error,
  onFile,
}: {
  id: string;
  label: string;
  accept: string;
  chosen: string;
  set: boolean;
  error?: string;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const messageId = `${id}-message`;
  return (
    <div className="field span-2">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={Boolean(error)}
        aria-describedby={messageId}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      <small id={messageId} className={error ? 'p-error' : 'muted'}>
        {error ?? (chosen ? t('pushChannel.fileChosen', { name: chosen }) : set ? t('pushChannel.credentialSet') : t('pushChannel.credentialMissing'))}
      </small>
    </div>
  );
}

function ChannelDialog({
  editing,
  apps,
  onClose,
  onSaved,
}: {
  editing: PushChannelView | null | undefined;
  apps: { id: string; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const stored = editing ?? undefined;
  const [form, setForm] = useState<Form>(stored ? formOf(stored) : EMPTY);
  const [shown, setShown] = useState(false);
  const { busy, save } = useSave();
  const errors = shown ? errorsOf(form, stored, t) : {};
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const keeps = (kind: 'GCM' | AuthMethod) => Boolean(stored?.credentialSet && (kind === 'GCM' ? stored.type === 'GCM' : stored.type !== 'GCM' && stored.authMethod === kind));

  async function submit() {
    setShown(true);
    if (Object.keys(errorsOf(form, stored, t)).length > 0) return;
    const name = form.title.trim();
    if (await save(() => call('pushChannelSetting.save', payloadOf(form)), t('pushChannel.saved', { name }))) onSaved();
  }

  const file = (field: 'tokenKey' | 'certificate' | 'serviceJson', as: 'text' | 'base64') => async (f: File) => {
    const content = await readFile(f, as).catch(() => '');
    set({ [field]: content, [`${field}Name`]: f.name } as Partial<Form>);
  };

  return (
    <FormDialog
      id="push-channel-dialog"
      header={stored ? t('pushChannel.editTitle', { name: stored.title }) : t('pushChannel.addTitle')}
      visible
      onHide={onClose}
      onSubmit={submit}
      busy={busy}
      wide
    >
      <div className="form-grid">
        <TextField id="push-title" label={t('pushChannel.field.title')} value={form.title} maxLength={100} error={errors.title} onChange={(title) => set({ title })} />
        <div className="field">
          <Select
            inputId="push-app"
            label={t('pushChannel.field.app')}
            value={form.appId}
            options={apps.map((a) => ({ label: a.name, value: a.id }))}
            invalid={Boolean(errors.appId)}
            aria-describedby="push-app-error"
            onChange={(e) => set({ appId: String(e.value) })}
          />
          <FieldError id="push-app-error" text={errors.appId} />
        </div>
        <div className="field">
          <Select
            inputId="push-type"
            label={t('pushChannel.field.type')}
            value={form.type}
            options={PUSH_SERVICE_TYPES.map((v) => ({ label: t(`pushChannel.type.${v}`), value: v }))}
            invalid={Boolean(errors.type)}
            aria-describedby="push-type-error"
            onChange={(e) => set({ type: e.value as ServiceType })}
          />
          <FieldError id="push-type-error" text={errors.type} />
        </div>
        {form.type && form.type !== 'GCM' && (
          <>
            <div className="field">
              <Select
                inputId="push-auth"
                label={t('pushChannel.field.authMethod')}
                value={form.authMethod}
                options={APNS_AUTH_METHODS.map((v) => ({ label: t(`pushChannel.auth.${v}`), value: v }))}
                invalid={Boolean(errors.authMethod)}
                aria-describedby="push-auth-error"
                onChange={(e) => set({ authMethod: e.value as AuthMethod })}
              />
              <FieldError id="push-auth-error" text={errors.authMethod} />
            </div>
            <TextField
              id="push-bundle"
              label={t('pushChannel.field.bundleId')}
              value={form.bundleId}
              maxLength={200}
              error={errors.bundleId}
              onChange={(bundleId) => set({ bundleId })}
            />
            {form.authMethod === 'KEY' ? (
              <>
                <TextField
                  id="push-team"
                  label={t('pushChannel.field.teamId')}
                  value={form.teamId}
                  maxLength={10}
                  error={errors.teamId}
                  onChange={(teamId) => set({ teamId: teamId.toUpperCase() })}
                />
                <TextField
                  id="push-key-id"
                  label={t('pushChannel.field.keyId')}
                  value={form.keyId}
                  maxLength={10}
                  error={errors.keyId}
                  onChange={(keyId) => set({ keyId: keyId.toUpperCase() })}
                />
                <FileField
                  id="push-token-key"
                  label={t('pushChannel.field.tokenKey')}
                  accept=".p8"
                  chosen={form.tokenKeyName}
                  set={keeps('KEY')}
                  error={errors.tokenKey}
                  onFile={file('tokenKey', 'text')}
                />
              </>
            ) : (
              <>
                <FileField
                  id="push-certificate"
                  label={t('pushChannel.field.certificate')}
                  accept=".p12,.pfx"
                  chosen={form.certificateName}
                  set={keeps('CERTIFICATE')}
                  error={errors.certificate}
                  onFile={file('certificate', 'base64')}
                />
                <div className="field">
                  <label htmlFor="push-certificate-password">{t('pushChannel.field.certificatePassword')}</label>
                  <Password
                    inputId="push-certificate-password"
                    value={form.certificatePassword}
                    feedback={false}
                    toggleMask
                    autoComplete="off"
                    onChange={(e) => set({ certificatePassword: e.target.value })}
                  />
                </div>
              </>
            )}
          </>
        )}
        {form.type === 'GCM' && (
          <FileField
            id="push-service-json"
            label={t('pushChannel.field.serviceJson')}
            accept=".json,application/json"
            chosen={form.serviceJsonName}
            set={keeps('GCM')}
            error={errors.serviceJson}
            onFile={file('serviceJson', 'text')}
          />
        )}
        <div className="field-checkbox">
          <Checkbox inputId="push-default" checked={form.isDefault} onChange={(e) => set({ isDefault: Boolean(e.checked) })} />
          <label htmlFor="push-default">{t('pushChannel.field.isDefault')}</label>
        </div>
        <div className="field-checkbox">
          <Checkbox inputId="push-enabled" checked={form.enabled} onChange={(e) => set({ enabled: Boolean(e.checked) })} />
          <label htmlFor="push-enabled">{t('pushChannel.field.enabled')}</label>
        </div>
      </div>
    </FormDialog>
  );
}

function TestDialog({ channel, onClose }: { channel: PushChannelView; onClose: () => void }) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [results, setResults] = useState<Result<'pushChannelSetting.testSend'>['results'] | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (!accountId.trim()) return setError(t('pushChannel.testAccountRequired'));
    setError(undefined);
    setBusy(true);
    try {
      setResults(
        (
          await call('pushChannelSetting.testSend', {
            id: channel.id,
            accountId: accountId.trim(),
            ...(title.trim() ? { title: title.trim() } : {}),
            ...(body.trim() ? { body: body.trim() } : {}),
          })
        ).results,
      );
    } catch {
      // the client's toast says why
    }
    setBusy(false);
  }

  return (
    <FormDialog
      id="push-test-dialog"
      header={t('pushChannel.testTitle', { name: channel.title })}
      visible
      onHide={onClose}
      onSubmit={send}
      busy={busy}
      submitLabel={t('pushChannel.testSend')}
    >
      <p className="muted">{t('pushChannel.testText')}</p>
      <div className="form-grid">
        <TextField id="push-test-account" label={t('pushChannel.testAccount')} value={accountId} maxLength={128} error={error} onChange={setAccountId} />
        <TextField id="push-test-title" label={t('pushChannel.testNotificationTitle')} value={title} maxLength={100} onChange={setTitle} />
        <TextField id="push-test-body" label={t('pushChannel.testNotificationBody')} value={body} maxLength={500} onChange={setBody} />
      </div>
      {results && (
        <DataTable value={results} dataKey="deviceId" size="small" data-testid="push-test-results">
          <Column field="deviceId" header={t('pushChannel.testDevice')} />
          <Column
            header={t('pushChannel.testOutcome')}
            body={(r: (typeof results)[number]) => (
              <span>
                <Tag severity={r.status === 'SENT' ? 'success' : r.status === 'THROTTLED' ? 'warning' : 'danger'} value={t(`pushChannel.testResult.${r.status}`)} />{' '}
                {r.detail ?? ''}
              </span>
            )}
          />
        </DataTable>
      )}
    </FormDialog>
  );
}

export default function PushChannelPage() {
  const { t, i18n } = useTranslation();
  const { data, error, mutate } = useCall(LIST);
  const apps = useCall(APPS);
  const [editing, setEditing] = useState<PushChannelView | null | undefined>(undefined);
  const [testing, setTesting] = useState<PushChannelView | null>(null);
  const [confirmElement, ask] = useConfirm();
  const { save } = useSave();
  const appList = apps.data?.list ?? [];
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language);

  async function remove(c: PushChannelView) {
    const ok = await ask({ header: t('pushChannel.deleteTitle'), message: t('pushChannel.deleteConfirm', { name: c.title }), acceptLabel: t('common.delete'), danger: true });
    if (!ok) return;
    if (await save(() => call('pushChannelSetting.delete', { id: c.id, version: c.version }), t('pushChannel.deleted', { name: c.title }))) void mutate();
  }

  const credential = (c: PushChannelView) => {
    if (!c.credentialSet) return <Tag severity="danger" value={t('pushChannel.credentialMissing')} />;
    const kind =
      c.type === 'GCM' ? (c.projectId ?? 'FCM') : c.authMethod === 'KEY' ? t('pushChannel.keyIdLabel', { keyId: c.keyId, teamId: c.teamId }) : t('pushChannel.auth.CERTIFICATE');
    return (
      <span>
        {kind}
        {c.certificateExpiresAt ? <span className="muted"> · {t('pushChannel.expires', { date: date(c.certificateExpiresAt) })}</span> : null}
      </span>
    );
  };

  return (
    <div className="page" data-testid="push-channel-page">
      <div className="page-header">
        <h1>{t('page.pushChannel')}</h1>
        <Button type="button" icon="pi pi-plus" label={t('pushChannel.add')} onClick={() => setEditing(null)} />
      </div>
      <p className="muted">{t('pushChannel.text')}</p>
      {error && <p role="alert">{t('pushChannel.loadFailed')}</p>}
      <DataTable value={data?.list ?? []} dataKey="id" loading={!data && !error} emptyMessage={t('pushChannel.empty')} data-testid="push-channels">
        <Column field="title" header={t('pushChannel.col.title')} />
        <Column header={t('pushChannel.col.app')} body={(c: PushChannelView) => c.appName ?? c.appId} />
        <Column header={t('pushChannel.col.type')} body={(c: PushChannelView) => t(`pushChannel.type.${c.type}`)} />
        <Column header={t('pushChannel.col.credential')} body={credential} />
        <Column header={t('pushChannel.col.default')} body={(c: PushChannelView) => (c.isDefault ? <Tag value={t('pushChannel.yes')} /> : t('pushChannel.no'))} />
        <Column
          header={t('pushChannel.col.enabled')}
          body={(c: PushChannelView) => <Tag severity={c.enabled ? 'success' : 'secondary'} value={c.enabled ? t('pushChannel.yes') : t('pushChannel.no')} />}
        />
        <Column
          header={t('common.actions')}
          body={(c: PushChannelView) => (
            <>
              <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('common.editItem', { name: c.title })} onClick={() => setEditing(c)} />
              <Button type="button" icon="pi pi-send" text rounded aria-label={`${t('pushChannel.test')}: ${c.title}`} disabled={!c.enabled} onClick={() => setTesting(c)} />
              <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t('common.deleteItem', { name: c.title })} onClick={() => void remove(c)} />
            </>
          )}
        />
      </DataTable>
      {editing !== undefined && (
        <ChannelDialog
          key={editing?.id ?? 'new'}
          editing={editing}
          apps={appList}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void mutate();
          }}
        />
      )}
      {testing && <TestDialog channel={testing} onClose={() => setTesting(null)} />}
      {confirmElement}
      <MessageProviderSection />
      <LineChannelSection />
    </div>
  );
}
