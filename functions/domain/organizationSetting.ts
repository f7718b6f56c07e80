/** An organization's own setting (spec 001 3.11) as stored, and as the other areas read it. */
import { NO_FREQUENCY_CAPS, type SystemSetting } from '../../shared/entities';
import type { OrganizationSettingView } from '../../shared/services';
import type { TenantStore } from '../store/store';

export const SETTING_ID = 'system';

/** What an organization starts with: the save operation's defaults. */
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
  iotIdHash: false,
  testAddresses: [],
  defaultLanguage: 'en',
  defaultTimeZone: '',
  frequencyCaps: NO_FREQUENCY_CAPS,
  quietHours: { enabled: false, start: '21:00', end: '08:00' },
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
