/** An organization's own setting (spec 001 3.11) as stored, and as the other areas read it. */
import { NO_FREQUENCY_CAPS, type SystemSetting } from '../../shared/entities';
import type { OrganizationSettingView } from '../../shared/services';
import { isTimeZone } from '../../shared/plan/zonedTime';
import type { Store, TenantStore } from '../store/store';

export const SETTING_ID = 'system';

const DEFAULTS: Omit<OrganizationSettingView, 'version'> = {
  previewAppName: '',
  countryList: [],
  defaultCountry: '',
  languageAnalysis: false,
  featureCategoryPresets: [],
  singleMessageApprovalSheet: true,
  templateApprovalSheet: false,
  approvalSheetTips: '',
  apiPushCheckDeletedTemplate: true,
  mutableContent: false,
  ignoreAccountNotifySetting: false,
  convertHyperlink: true,
  lifecycleSendingRules: false,
  iotIdHash: false,
  testAddresses: [],
  defaultLanguage: 'en',
  defaultTimeZone: '',
  frequencyCaps: NO_FREQUENCY_CAPS,
  quietHours: { enabled: false, start: '21:00', end: '08:00' },
  smsPrices: [],
  currency: '',
};

export function viewOf(stored: SystemSetting | undefined): OrganizationSettingView {
  if (!stored) return { ...DEFAULTS, version: 0 };
  const { orgId: _o, id: _i, dateCreated: _c, dateUpdated: _u, createdBy: _cb, updatedBy: _ub, ...view } = stored;
  // a setting saved before a field existed has the field's default
  return { ...DEFAULTS, ...view };
}

export async function organizationSettingOf(tenant: TenantStore): Promise<OrganizationSettingView> {
  return viewOf(await tenant.get('systemSetting', SETTING_ID));
}

/** How long a process keeps an organization's zone before reading it again: a changed zone holds within a minute. */
export const ORG_ZONE_TTL_MS = 60_000;
const zones = new Map<string, { at: number; zone: Promise<string> }>();
const zoneKey = (store: Store, orgId: number) => `${store.table('systemSetting')}#${orgId}`;

/**
 * The zone of the organization's days (its dashboard counters and reports): its default time zone, else UTC. Read at
 * most once a minute per organization and process, so counting a send adds no read of its own.
 */
export function organizationZoneOf(store: Store, orgId: number, now: number): Promise<string> {
  const key = zoneKey(store, orgId);
  const hit = zones.get(key);
  if (hit && Math.abs(now - hit.at) < ORG_ZONE_TTL_MS) return hit.zone;
  const zone = organizationSettingOf(store.forOrg(orgId)).then((s) => (isTimeZone(s.defaultTimeZone) ? s.defaultTimeZone : 'UTC'));
  zone.catch(() => zones.delete(key));
  zones.set(key, { at: now, zone });
  return zone;
}

/** A saved setting's zone holds at once in this process (others read it again within ORG_ZONE_TTL_MS). */
export function forgetOrganizationZone(store: Store, orgId: number): void {
  zones.delete(zoneKey(store, orgId));
}
