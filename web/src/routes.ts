/**
 * The whole route table of spec 000 section 2, declared once: path, page, required permissions (every one must
 * be held), shell, and where the entry sits in the side menu. The router, the guard and the menu read it.
 * Plain data: a route names its page by key, and only the router (`router/index.tsx`) turns keys into components,
 * so the guard, the menu and the access helpers never load a page.
 */
import type { Permission } from '../../shared/permissions';

/** Every page the router can show; `pages/index.ts` maps each key to its lazily loaded component. */
export type PageKey =
  | 'login'
  | 'forgotPassword'
  | 'passwordNew'
  | 'passwordEdit'
  | 'emailConfirm'
  | 'ssoCallback'
  | 'notAuthorize'
  | 'notFound'
  | 'notAvailable'
  | 'dashboard'
  | 'settings'
  | 'users'
  | 'roles'
  | 'accounts'
  | 'dataImport'
  | 'dataExport'
  | 'segments'
  | 'segmentEditor'
  | 'templates'
  | 'templateBuilder'
  | 'campaigns'
  | 'newSingle'
  | 'builder'
  | 'planDetail'
  | 'home'
  | 'notifications'
  | 'unsubscriptions'
  | 'snsRecords'
  | 'systemSetting'
  | 'assets'
  | 'applications'
  | 'cloudSources'
  | 'cloudSourceHistory'
  | 'cloudSourceRecords'
  | 'models'
  | 'modelHistory'
  | 'modelRecords'
  | 'messageConsole'
  | 'planReport'
  | 'monthlyReports'
  | 'requestedReports'
  | 'messageConsoleRecords'
  | 'messageConsoleCloudRecords'
  | 'presetParameters'
  | 'presetRecords'
  | 'presets'
  | 'presetBuilder'
  | 'pushChannel'
  | 'brandVoice'
  | 'brandVoiceConfig'
  | 'organizations'
  | 'appInsights'
  | 'webInsights'
  | 'onboarding'
  | 'dashboardGroups'
  | 'subDashboard'
  /** the generic list screen of a registry entity (`RouteDef.entity`) */
  | 'entity';

export type MenuGroup = 'dashboard' | 'library' | 'campaigns' | 'reports' | 'insights' | 'admin';
export const MENU_GROUPS: readonly MenuGroup[] = ['dashboard', 'library', 'campaigns', 'reports', 'insights', 'admin'];

export interface MenuEntry {
  group: MenuGroup;
  /** primeicons class */
  icon: string;
  /** shown only for this login type (the two user-admin pages) */
  loginType?: 'NATIVE' | 'SSO';
}

export interface RouteDef {
  path: string;
  /** i18n key of the page title (menu label, browser title, "not available yet" page) */
  titleKey: string;
  page: PageKey;
  /** public pages need no login; the rest need one and every listed permission */
  access: 'public' | 'signedIn';
  permissions: readonly Permission[];
  /** `app`: inside the layout with the side menu; `bare`: a page of its own */
  shell: 'app' | 'bare';
  menu?: MenuEntry;
  /** user-admin pages: the guard sends NATIVE logins to /admin-pennel and SSO logins to /admin-pennel-sso */
  adminPage?: boolean;
  /** the registry entity a generic screen shows (its read permission is the route's) */
  entity?: string;
}

const publicPage = (path: string, titleKey: string, page: PageKey): RouteDef => ({
  path,
  titleKey,
  page,
  access: 'public',
  permissions: [],
  shell: 'bare',
});

const screen = (path: string, titleKey: string, permissions: readonly Permission[], extra: Partial<Pick<RouteDef, 'page' | 'menu' | 'adminPage'>> = {}): RouteDef => ({
  path,
  titleKey,
  page: extra.page ?? 'notAvailable',
  access: 'signedIn',
  permissions,
  shell: 'app',
  menu: extra.menu,
  adminPage: extra.adminPage,
});

/** The generic screen of a registry entity; its title is the entity's, its permission the entity's read one. */
const entityScreen = (path: string, entity: string, permission: Permission, entry?: { menu: MenuEntry }): RouteDef => ({
  ...screen(path, `entity.${entity}.title`, [permission], { page: 'entity', ...entry }),
  entity,
});

const menu = (group: MenuGroup, icon: string, loginType?: MenuEntry['loginType']): { menu: MenuEntry } => ({
  menu: { group, icon, loginType },
});

export const ROUTES: readonly RouteDef[] = [
  // Public
  publicPage('/login', 'page.login', 'login'),
  publicPage('/forgot-password', 'page.forgotPassword', 'forgotPassword'),
  publicPage('/password-new', 'page.passwordNew', 'passwordNew'),
  publicPage('/password-edit', 'page.passwordEdit', 'passwordEdit'),
  publicPage('/email-confirm', 'page.emailConfirm', 'emailConfirm'),
  publicPage('/sso/callback', 'page.ssoCallback', 'ssoCallback'),
  publicPage('/not-authorize', 'page.notAuthorize', 'notAuthorize'),

  // Dashboard and home
  screen('/dashboard', 'page.dashboard', ['NAV_DASHBOARD'], { page: 'dashboard', ...menu('dashboard', 'pi pi-chart-bar') }),
  { ...entityScreen('/dashboard/groups', 'dashboardGroup', 'NAV_DASHBOARD'), titleKey: 'page.dashboardGroups', page: 'dashboardGroups' },
  entityScreen('/dashboard/setTarget', 'kpiTarget', 'NAV_KPI_TARGET', menu('dashboard', 'pi pi-flag')),
  screen('/dashboard/subDashboard', 'page.subDashboard', ['NAV_DASHBOARD'], { page: 'subDashboard' }),
  screen('/home', 'page.home', ['NAV_HOME'], { page: 'home', ...menu('dashboard', 'pi pi-inbox') }),

  // Library
  screen('/library/message', 'page.templateMessages', ['NAV_TEMPLATE_MESSAGE'], { page: 'templates', ...menu('library', 'pi pi-envelope') }),
  screen('/library/message/template', 'page.templateEditor', ['NAV_TEMPLATE_MESSAGE'], { page: 'templateBuilder' }),
  entityScreen('/library/geofence', 'geofence', 'NAV_GEOFENCE', menu('library', 'pi pi-map-marker')),
  entityScreen('/library/geofence-tag', 'geofenceTag', 'NAV_GEOFENCE', menu('library', 'pi pi-tag')),
  entityScreen('/library/beacon', 'beacon', 'NAV_BEACON', menu('library', 'pi pi-wifi')),
  entityScreen('/library/beacon-group', 'beaconGroup', 'NAV_BEACON', menu('library', 'pi pi-sitemap')),
  entityScreen('/library/beacon-major', 'beaconMajor', 'NAV_BEACON', menu('library', 'pi pi-hashtag')),
  screen('/library/account', 'page.accounts', ['NAV_ACCOUNT'], { page: 'accounts', ...menu('library', 'pi pi-id-card') }),
  screen('/library/s3-manage', 'page.assets', ['NAV_S3'], { page: 'assets', ...menu('library', 'pi pi-images') }),
  screen('/library/batches', 'page.dataImport', ['NAV_DATA_IMPORT'], { page: 'dataImport', ...menu('library', 'pi pi-upload') }),
  entityScreen('/library/tag', 'planTag', 'NAV_PLAN_TAG', menu('library', 'pi pi-tags')),
  entityScreen('/library/template-category', 'templateCategory', 'NAV_TEMPLATE_MESSAGE', menu('library', 'pi pi-folder')),
  entityScreen('/library/message-folder', 'messageFolder', 'NAV_TEMPLATE_MESSAGE', menu('library', 'pi pi-folder-open')),
  screen('/library/segment', 'page.segments', ['NAV_SEGMENT'], { page: 'segments', ...menu('library', 'pi pi-users') }),
  screen('/library/segment/create-segment', 'page.createSegment', ['NAV_SEGMENT'], { page: 'segmentEditor' }),
  screen('/library/ai-brand-voice', 'page.brandVoice', ['NAV_BRAND_VOICE'], { page: 'brandVoice', ...menu('library', 'pi pi-sparkles') }),
  screen('/library/ai-brand-voice/config', 'page.brandVoiceConfig', ['NAV_BRAND_VOICE'], { page: 'brandVoiceConfig' }),
  screen('/library/unsubscription', 'page.unsubscription', ['NAV_MESSAGE_UNSUBSCRIPTION'], { page: 'unsubscriptions', ...menu('library', 'pi pi-ban') }),
  screen('/library/sns-records', 'page.snsRecords', ['NAV_SNS'], { page: 'snsRecords', ...menu('library', 'pi pi-comments') }),
  screen('/library/message-console', 'page.messageConsole', ['NAV_MESSAGE_CONSOLE'], { page: 'messageConsole', ...menu('library', 'pi pi-desktop') }),
  screen('/library/message-console/campaigns', 'page.messageConsoleCampaigns', ['NAV_MESSAGE_CONSOLE'], { page: 'messageConsole' }),
  screen('/library/message-console/campaigns/records', 'page.messageConsoleCampaignRecords', ['NAV_MESSAGE_CONSOLE'], { page: 'messageConsoleRecords' }),
  screen('/library/message-console/cloud-sources', 'page.messageConsoleCloudSources', ['NAV_MESSAGE_CONSOLE'], { page: 'messageConsole' }),
  screen('/library/message-console/cloud-sources/records', 'page.messageConsoleCloudSourceRecords', ['NAV_MESSAGE_CONSOLE'], { page: 'messageConsoleCloudRecords' }),
  { ...entityScreen('/library/model', 'model', 'NAV_CAMPAIGN_CUSTOMIZED_NODE', menu('library', 'pi pi-sitemap')), page: 'models' },
  screen('/library/model/history', 'page.modelHistory', ['NAV_CAMPAIGN_CUSTOMIZED_NODE'], { page: 'modelHistory' }),
  screen('/library/model/history/record', 'page.modelRecords', ['NAV_CAMPAIGN_CUSTOMIZED_NODE'], { page: 'modelRecords' }),
  screen('/library/cloud-source', 'page.cloudSources', ['NAV_CLOUD_SOURCE'], { page: 'cloudSources', ...menu('library', 'pi pi-cloud') }),
  screen('/library/cloud-source/history', 'page.cloudSourceHistory', ['NAV_CLOUD_SOURCE'], { page: 'cloudSourceHistory' }),
  screen('/library/cloud-source/history/record', 'page.cloudSourceRecords', ['NAV_CLOUD_SOURCE'], { page: 'cloudSourceRecords' }),
  entityScreen('/library/export-setting', 'exportSetting', 'NAV_CUSTOM_EXPORT', menu('library', 'pi pi-download')),
  { ...entityScreen('/library/preset-parameter', 'presetParameter', 'NAV_PRESET_PARAMETER', menu('library', 'pi pi-sliders-h')), page: 'presetParameters' },
  screen('/library/preset-parameter/record', 'page.presetParameterRecords', ['NAV_PRESET_PARAMETER'], { page: 'presetRecords' }),
  { ...entityScreen('/library/preset', 'preset', 'NAV_PRESET_PARAMETER', menu('library', 'pi pi-clone')), page: 'presets' },
  screen('/library/preset/builder', 'page.presetBuilder', ['NAV_PRESET_PARAMETER'], { page: 'presetBuilder' }),
  entityScreen('/library/preset-category', 'presetCategory', 'NAV_PRESET_PARAMETER', menu('library', 'pi pi-folder')),

  // Campaigns
  screen('/campaigns', 'page.campaigns', ['NAV_CREATE_NOTIFICATION'], { page: 'campaigns', ...menu('campaigns', 'pi pi-send') }),
  entityScreen('/campaigns/categories', 'planCategory', 'NAV_CREATE_NOTIFICATION', menu('campaigns', 'pi pi-sitemap')),
  entityScreen('/campaigns/groups', 'planGroup', 'NAV_CREATE_NOTIFICATION', menu('campaigns', 'pi pi-clone')),
  entityScreen('/campaigns/companies', 'company', 'NAV_CREATE_NOTIFICATION', menu('campaigns', 'pi pi-building')),
  screen('/campaigns/new-single', 'page.newSingle', ['NAV_CREATE_NOTIFICATION', 'PLAN_CREATE'], { page: 'newSingle' }),
  screen('/campaigns/detail', 'page.campaignDetail', ['NAV_CREATE_NOTIFICATION'], { page: 'planDetail' }),
  screen('/builder', 'page.builder', ['PLAN_BUILDER'], { page: 'builder', ...menu('campaigns', 'pi pi-objects-column') }),
  // the push services, the organization's own e-mail and SMS providers (the registry's messageProvider) and LINE
  { ...entityScreen('/push-channel', 'messageProvider', 'NAV_PUSH_CHANNEL', menu('campaigns', 'pi pi-mobile')), titleKey: 'page.pushChannel', page: 'pushChannel' },

  // Reports
  screen('/plan-report', 'page.planReport', ['NAV_PLAN_REPORT'], { page: 'planReport', ...menu('reports', 'pi pi-chart-line') }),
  screen('/requested', 'page.requested', ['NAV_REQUESTED_REPORT'], { page: 'requestedReports', ...menu('reports', 'pi pi-file') }),
  screen('/requested/requested-reports', 'page.requestedReports', ['NAV_REQUESTED_REPORT'], { page: 'requestedReports' }),
  screen('/requested/summary-reports', 'page.summaryReports', ['NAV_SUMMARY_REPORT'], { page: 'requestedReports' }),
  screen('/requested/survey-reports', 'page.surveyReports', ['NAV_SURVEY_REPORT'], { page: 'requestedReports' }),
  screen('/requested/custom-reports', 'page.customReports', ['NAV_CUSTOM_REPORT'], { page: 'requestedReports' }),
  screen('/monthly-reports', 'page.monthlyReports', ['NAV_MONTHLY_REPORT'], { page: 'monthlyReports', ...menu('reports', 'pi pi-calendar') }),
  screen('/data-export', 'page.dataExport', ['NAV_DATA_EXPORT'], { page: 'dataExport', ...menu('reports', 'pi pi-file-export') }),

  // Insights
  screen('/behaviorInsights/accountTrack', 'page.appInsights', ['NAV_APP_BEHAVIOR_INSIGHTS'], { page: 'appInsights', ...menu('insights', 'pi pi-mobile') }),
  screen('/behaviorInsights/webAccountTrack', 'page.webInsights', ['NAV_WEB_BEHAVIOR_INSIGHTS'], { page: 'webInsights', ...menu('insights', 'pi pi-globe') }),

  // Admin and settings
  screen('/admin-pennel', 'page.users', ['NAV_PORTAL_USER'], { page: 'users', adminPage: true, ...menu('admin', 'pi pi-user', 'NATIVE') }),
  screen('/admin-pennel-sso', 'page.users', ['NAV_PORTAL_USER'], { page: 'users', adminPage: true, ...menu('admin', 'pi pi-user', 'SSO') }),
  screen('/admin-pannel', 'page.users', ['NAV_PORTAL_USER'], { page: 'users', adminPage: true }),
  screen('/account-settings', 'page.users', ['NAV_PORTAL_USER'], { page: 'users', adminPage: true }),
  screen('/role', 'page.roles', ['NAV_PORTAL_USER_ROLE'], { page: 'roles', ...menu('admin', 'pi pi-shield') }),
  screen('/organization', 'page.organizations', ['NAV_ORGANIZATION'], { page: 'organizations', ...menu('admin', 'pi pi-building') }),
  // the generic screen of apps, with issuing a signing secret
  { ...entityScreen('/application', 'application', 'NAV_APP', menu('admin', 'pi pi-th-large')), page: 'applications' },
  entityScreen('/language', 'language', 'NAV_LANGUAGE', menu('admin', 'pi pi-language')),
  screen('/systemSetting', 'page.systemSettings', ['NAV_SYSTEM_SETTING'], { page: 'systemSetting', ...menu('admin', 'pi pi-cog') }),
  entityScreen('/actionList', 'actionList', 'NAV_ACTION', menu('admin', 'pi pi-list')),
  entityScreen('/segmentTag', 'segmentTag', 'NAV_SEGMENT', menu('admin', 'pi pi-tag')),
  entityScreen('/segmentNode', 'segmentNode', 'NAV_SEGMENT', menu('admin', 'pi pi-share-alt')),
  screen('/notification', 'page.notifications', [], { page: 'notifications' }),
  screen('/settings', 'page.settings', [], { page: 'settings' }),

  // Onboarding
  screen('/onboarding/welcome', 'page.onboardingWelcome', ['NAV_ORGANIZATION'], { page: 'onboarding' }),
  screen('/onboarding/base-info', 'page.onboardingBaseInfo', ['NAV_ORGANIZATION'], { page: 'onboarding' }),
  screen('/onboarding/brand', 'page.onboardingBrand', ['NAV_ORGANIZATION'], { page: 'onboarding' }),
  screen('/onboarding/brand-complete', 'page.onboardingBrandComplete', ['NAV_ORGANIZATION'], { page: 'onboarding' }),
];

export const ROOT_REDIRECT = '/dashboard';
export const ADMIN_PAGE = { NATIVE: '/admin-pennel', SSO: '/admin-pennel-sso' } as const;

const byPath = new Map(ROUTES.map((r) => [r.path, r]));
export function routeFor(path: string): RouteDef | undefined {
  return byPath.get(path);
}

/** A screen a later release builds: its route shows the "not available yet" page, and the menu says so. */
export function isComingSoon(route: RouteDef): boolean {
  return route.page === 'notAvailable';
}

/** The dashboard's links, in this order: the screens a new user needs first (each shown only when permitted). */
export const DASHBOARD_LINKS: readonly string[] = [
  '/home',
  '/campaigns',
  '/library/message',
  '/library/segment',
  '/library/batches',
  '/library/account',
  '/library/s3-manage',
  '/data-export',
  '/admin-pennel',
  '/admin-pennel-sso',
  '/role',
  '/systemSetting',
];
