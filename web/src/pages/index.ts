/** Every page as a lazily loaded chunk, grouped by area, under the key the route table names it by. */
import { lazyPage } from '../app/lazyPage';
import type { PageKey } from '../routes';

export const pages = {
  login: lazyPage(() => import('./auth/LoginPage')),
  forgotPassword: lazyPage(() => import('./auth/ForgotPasswordPage')),
  passwordNew: lazyPage(() => import('./auth/PasswordNewPage')),
  passwordEdit: lazyPage(() => import('./auth/PasswordEditPage')),
  emailConfirm: lazyPage(() => import('./auth/EmailConfirmPage')),
  ssoCallback: lazyPage(() => import('./auth/SsoCallbackPage')),
  notAuthorize: lazyPage(() => import('./system/NotAuthorizePage')),
  notFound: lazyPage(() => import('./system/NotFoundPage')),
  notAvailable: lazyPage(() => import('./system/NotAvailablePage')),
  dashboard: lazyPage(() => import('./dashboard/DashboardPage')),
  settings: lazyPage(() => import('./settings/SettingsPage')),
  users: lazyPage(() => import('./admin/UsersPage')),
  roles: lazyPage(() => import('./admin/RolesPage')),
  accounts: lazyPage(() => import('./account/AccountsPage')),
  dataImport: lazyPage(() => import('./dataImport/DataImportPage')),
  dataExport: lazyPage(() => import('./dataExport/DataExportPage')),
  segments: lazyPage(() => import('./segment/SegmentsPage')),
  segmentEditor: lazyPage(() => import('./segment/SegmentEditorPage')),
  templates: lazyPage(() => import('./template/TemplatesPage')),
  templateBuilder: lazyPage(() => import('./template/TemplateEditorPage')),
  campaigns: lazyPage(() => import('./campaign/CampaignsPage')),
  newSingle: lazyPage(() => import('./campaign/NewSinglePage')),
  planDetail: lazyPage(() => import('./campaign/PlanDetailPage')),
  home: lazyPage(() => import('./home/HomePage')),
  notifications: lazyPage(() => import('./notification/NotificationPage')),
  unsubscriptions: lazyPage(() => import('./unsubscription/UnsubscriptionsPage')),
  systemSetting: lazyPage(() => import('./admin/SystemSettingPage')),
  assets: lazyPage(() => import('./assets/AssetsPage')),
  entity: lazyPage(() => import('./generic/EntityPage')),
  applications: lazyPage(() => import('./application/ApplicationsPage')),
  cloudSources: lazyPage(() => import('./cloudSource/CloudSourcesPage')),
  cloudSourceHistory: lazyPage(() => import('./cloudSource/CloudSourceHistoryPage')),
  cloudSourceRecords: lazyPage(() => import('./cloudSource/CloudSourceRecordsPage')),
  messageConsole: lazyPage(() => import('./messageConsole/MessageConsolePage')),
  planReport: lazyPage(() => import('./report/PlanReportPage')),
  messageConsoleRecords: lazyPage(() => import('./messageConsole/CampaignRecordsPage')),
  messageConsoleCloudRecords: lazyPage(() => import('./messageConsole/CloudRecordsPage')),
  presetParameters: lazyPage(() => import('./preset/PresetParametersPage')),
  presetRecords: lazyPage(() => import('./preset/PresetRecordsPage')),
  pushChannel: lazyPage(() => import('./pushChannel/PushChannelPage')),
} satisfies Record<PageKey, ReturnType<typeof lazyPage>>;

/** The signed-in shell (side menu, top bar): its own chunk too, as the sign-in pages do not need it. */
export const AppLayout = lazyPage(() => import('../layout/AppLayout'));
