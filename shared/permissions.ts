/** Every permission code of spec 000 section 6, grouped by area for the role editor. */
export const NAV_PERMISSIONS = [
  'NAV_DASHBOARD',
  'NAV_HOME',
  'NAV_TEMPLATE_MESSAGE',
  'NAV_GEOFENCE',
  'NAV_BEACON',
  'NAV_ACCOUNT',
  'NAV_S3',
  'NAV_SNS',
  'NAV_PLAN_TAG',
  'NAV_SEGMENT',
  'NAV_CREATE_NOTIFICATION',
  'NAV_BRAND_VOICE',
  'NAV_MESSAGE_UNSUBSCRIPTION',
  'NAV_MESSAGE_CONSOLE',
  'NAV_DATA_IMPORT',
  'NAV_PLAN_REPORT',
  'NAV_SURVEY_REPORT',
  'NAV_CLOUD_SOURCE',
  'NAV_DATA_EXPORT',
  'NAV_PRESET_PARAMETER',
  'NAV_APP_BEHAVIOR_INSIGHTS',
  'NAV_WEB_BEHAVIOR_INSIGHTS',
  'NAV_PORTAL_USER',
  'NAV_PUSH_CHANNEL',
  'NAV_S3_MANAGE',
  'NAV_KPI_TARGET',
  'NAV_CAMPAIGN_CUSTOMIZED_NODE',
  'NAV_REQUESTED_REPORT',
  'NAV_SUMMARY_REPORT',
  'NAV_MONTHLY_REPORT',
  'NAV_PORTAL_USER_ROLE',
  'NAV_ORGANIZATION',
  'NAV_APP',
  'NAV_SYSTEM_SETTING',
  'NAV_SEGMENT_TAG',
  'NAV_DATA_SOURCE_NODE',
  'NAV_WHITE_LIST',
  'NAV_ACTION',
  'NAV_LANGUAGE',
  'NAV_CUSTOM_EXPORT',
  'NAV_CUSTOM_REPORT',
] as const;

export const PLAN_PERMISSIONS = [
  'PLAN_CREATE',
  'PLAN_BUILDER',
  'PLAN_CREATE_TRIGGER',
  'PLAN_ACTIVE',
  'PLAN_INACTIVE',
  'PLAN_CANCEL',
  'PLAN_PASS',
  'PLAN_REJECT',
  'PLAN_RESEND',
  'PLAN_STOP',
  'PLAN_DELETE',
  'PLAN_CHANGE_DATE',
  'PLAN_CHANGE_CONTENT',
] as const;

export const TEMPLATE_PERMISSIONS = ['TEMPLATE_LOCK', 'TEMPLATE_AI_BUILDER', 'TEMPLATE_EXPORT', 'TEMPLATE_IMPORT'] as const;

export const JUNCTION_PERMISSIONS = ['JUNCTION_*', 'JUNCTION_PARAMETER_*'] as const;

export const MESSAGE_TYPE_PERMISSIONS = ['MESSAGE_TYPE_AD_HOC', 'MESSAGE_TYPE_LIFECYCLE'] as const;

export const DELIVERY_TYPE_PERMISSIONS = [
  'DELIVERY_IMMEDIATELY',
  'DELIVERY_SCHEDULE',
  'DELIVERY_TRIGGER',
  'DELIVERY_BEACON',
  'DELIVERY_GEOFENCE',
  'DELIVERY_RECIPIENT_ACTION',
] as const;

export const ORGANIZATION_PERMISSIONS = ['ORGANIZATION_CREATE'] as const;

export const PERMISSION_GROUPS = {
  navigation: NAV_PERMISSIONS,
  organization: ORGANIZATION_PERMISSIONS,
  plan: PLAN_PERMISSIONS,
  template: TEMPLATE_PERMISSIONS,
  junction: JUNCTION_PERMISSIONS,
  messageType: MESSAGE_TYPE_PERMISSIONS,
  deliveryType: DELIVERY_TYPE_PERMISSIONS,
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

const permissionSet = new Set<string>(ALL_PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}

/** what a grant would add beyond the granter's own rights */
export function notHeld(held: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((p) => !held.includes(p));
}

export function holdsAll(held: readonly string[], required: readonly string[]): boolean {
  return required.every((p) => held.includes(p));
}
