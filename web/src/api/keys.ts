/** SWR keys, all made here: `[service, payload]`, so a key names the call that fills it. */
import type { PayloadIn, ServiceName } from '../../../shared/services';
import { type Channel, DEFAULT_CHANNEL } from '../../../shared/delivery';
import type { DashboardResolution } from '../../../shared/services/dashboard';
import type { InsightSource } from '../../../shared/services/insights';

type DashboardRangeIn = PayloadIn<'dashboardMetric.summary'>;

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
  // with a dashboard group's id: its messages' numbers only (the sub-dashboard)
  dashboardSummary: (range: DashboardRangeIn, groupId?: string) => key('dashboardMetric.summary', { ...range, ...(groupId ? { groupId } : {}) }),
  dashboardTrend: (range: DashboardRangeIn, resolution: DashboardResolution, groupId?: string) =>
    key('dashboardMetric.trend', { range, resolution, ...(groupId ? { groupId } : {}) }),
  dashboardRanking: (range: DashboardRangeIn, groupId?: string) => key('dashboardMetric.ranking', { ...range, ...(groupId ? { groupId } : {}) }),
  kpiProgress: (groupId?: string) => key('dashboardMetric.kpiProgress', groupId ? { groupId } : {}),
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
