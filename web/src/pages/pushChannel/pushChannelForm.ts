/** The push channel form's fields, checks and payload, and the reading of a chosen credentials file. */
import type { APNS_AUTH_METHODS, PUSH_SERVICE_TYPES } from '../../../../shared/entities';
import type { PayloadIn, PushChannelView } from '../../../../shared/services';
import type { CallKey } from '../../api/keys';

export const LIST: CallKey<'pushChannelSetting.list'> = ['pushChannelSetting.list', {}];
export const APPS: CallKey<'pushChannelSetting.applications'> = ['pushChannelSetting.applications', {}];

export type ServiceType = (typeof PUSH_SERVICE_TYPES)[number];
export type AuthMethod = (typeof APNS_AUTH_METHODS)[number];

export interface Form {
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

export const EMPTY: Form = {
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

export function formOf(v: PushChannelView): Form {
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
export function errorsOf(f: Form, stored: PushChannelView | undefined, t: (k: string) => string): Errors {
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

export function payloadOf(f: Form): PayloadIn<'pushChannelSetting.save'> {
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
export function readFile(file: File, as: 'text' | 'base64'): Promise<string> {
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
