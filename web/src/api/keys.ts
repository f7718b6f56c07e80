/** SWR keys, all made here: `[service, payload]`, so a key names the call that fills it. */
import type { PayloadIn, ServiceName } from '../../../shared/services';
import { type Channel, DEFAULT_CHANNEL } from '../../../shared/delivery';
import type { MessageType } from '../../../shared/plan/plan';
import type { DashboardResolution } from '../../../shared/services/dashboard';
import type { InsightSource } from '../../../shared/services/insights';

type DashboardRangeIn = PayloadIn<'dashboardMetric.summary'>;
/** The dashboard's filters besides the range: a group (the sub-dashboard) and a message type. */
export type DashboardFilter = { groupId?: string; messageType?: MessageType };
const filterOf = ({ groupId, messageType }: DashboardFilter) => ({ ...(groupId ? { groupId } : {}), ...(messageType ? { messageType } : {}) });

export type CallKey<S extends ServiceName = ServiceName> = readonly [S, PayloadIn<S>];

const key = <S extends ServiceName>(service: S, payload: PayloadIn<S>): CallKey<S> => [service, payload] as const;

export const keys = {
  configuration: () => key('auth.configuration', {}),
  profile: () => key('user.profile', {}),
  myInvitations: () => key('user.myInvitations', {}),
  pendingInvitations: () => key('user.pendingInvitations', {}),
  systemSetting: () => key('systemSetting.detail', {}),
  assets: (baseDir: string) => key('s3Manager.getList', { baseDir }),
  roleOptions: (activeOnly = false) => key('userRole.getAll', { activeOnly }),
  rolePermissions: () => key('userRole.getRolePermissions', {}),
  templateCategories: () => key('templateCategory.getAll', {}),
  messageFolders: () => key('messageFolder.getAll', {}),
  presetParameters: () => key('presetParameter.getAll', {}),
  presetCategories: () => key('presetCategory.getAll', {}),
  presetChoices: (channel: Channel) => key('preset.choices', { channel }),
  templateLanguages: (id: string) => key('templateMessage.getMultiLanguages', { id }),
  plan: (id: string) => key('plan.detail', { id }),
  snsRecord: (id: string) => key('snsRecord.detail', { id }),
  planStatistics: (id: string) => key('planStatistics.detail', { id }),
  // with a dashboard group's id: its messages' numbers only (the sub-dashboard); with a message type, that type's
  dashboardSummary: (range: DashboardRangeIn, filter: DashboardFilter = {}) => key('dashboardMetric.summary', { ...range, ...filterOf(filter) }),
  dashboardTrend: (range: DashboardRangeIn, resolution: DashboardResolution, filter: DashboardFilter = {}) =>
    key('dashboardMetric.trend', { range, resolution, ...filterOf(filter) }),
  dashboardRanking: (range: DashboardRangeIn, filter: DashboardFilter = {}) => key('dashboardMetric.ranking', { ...range, ...filterOf(filter) }),
  kpiProgress: (filter: DashboardFilter = {}) => key('dashboardMetric.kpiProgress', filterOf(filter)),
  dashboardGroup: (id: string) => key('dashboardGroup.detail', { id }),
  dashboardGroups: () => key('dashboardGroup.getAll', {}),
  insightSummary: (source: InsightSource, range: DashboardRangeIn) => key('behaviorInsight.summary', { source, range }),
  insightFunnel: (source: InsightSource, range: DashboardRangeIn, steps: string[]) => key('behaviorInsight.funnel', { source, range, steps }),
  insightWebApps: () => key('behaviorInsight.webApps', {}),
  segmentOptions: () => key('segment.getAll', {}),
  segmentCount: (id: string) => key('segment.count', { id }),
  segmentReach: (id: string, channel: Channel) => key('segment.count', { id, channel }),
  approvers: () => key('plan.getApprovers', {}),
  testRecipients: () => key('plan.getTestRecipients', {}),
  emailTemplateOptions: () => key('templateMessage.getAll', { pushWay: DEFAULT_CHANNEL, activeOnly: true }),
  list: <S extends ServiceName>(service: S, query: PayloadIn<S>) => key(service, query),
};

/** Matches every cached key of one service (to revalidate lists after a save or delete). */
export function isKeyOf(service: ServiceName) {
  return (k: unknown) => Array.isArray(k) && k[0] === service;
}
