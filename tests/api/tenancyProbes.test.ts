/**
 * Tenancy probes generated over the catalogue: every operation whose payload names a record (an `id`, or a
 * reference such as `roleId`, `segmentId`, `planId`, `categoryId`, `tagIds`) is called by the administrator of
 * another organization with organization 1's ids and again with ids that exist nowhere. The two answers must be
 * the same (status, code, message and payload): a foreign id is exactly a missing one, whatever the operation.
 * Afterwards every probed record of organization 1 is unchanged.
 *
 * An operation that takes an id and has no probe here fails the coverage test: a new area cannot forget it.
 * The generic CRUD entities are probed the same way in crud.test.ts, generated from the registry.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { unsubscriptionId } from '../../shared/entities';
import { CATALOGUE, CRUD_ENTITIES } from '../../shared/services';
import { twoOrganizations } from '../support/organizations';
import { type ApiClient, startHerald, uploadThroughLink } from '../support/herald';

/** The records a probe can name. */
interface Ids {
  role: string;
  user: string;
  account: string;
  segment: string;
  dataImport: string;
  templateCategory: string;
  template: string;
  planTag: string;
  planCategory: string;
  planGroup: string;
  plan: string;
  pendingPlan: string;
  unsubscription: string;
  company: string;
  dataExport: string;
  application: string;
  cloudSource: string;
  cloudDelivery: string;
  model: string;
  presetParameter: string;
  pushChannel: string;
  delegation: string;
  dashboardGroup: string;
  alert: string;
  snsRecord: string;
}

const emailContent = {
  kind: 'EMAIL',
  template: { defaultLanguage: 'en', contents: { en: { subject: 'Probe', blocks: [{ type: 'heading', text: 'Hello' }] } } },
};
/** a builder journey of one message step (plan.saveDynamic) */
const probeJourney = (content: unknown) => ({
  entry: 'hello',
  steps: { hello: { type: 'MESSAGE', channel: 'EMAIL', content, next: 'end' }, end: { type: 'EXIT' } },
});
const templateContent = { defaultLanguage: 'en', contents: { en: { subject: 'Probe', blocks: [{ type: 'heading', text: 'Hello' }] } } };
const letterTemplate = { channel: 'DIRECT_MAIL', defaultLanguage: 'en', contents: { en: { subject: 'Probe', body: 'Hello' } } };
const rule = { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] };
const DAY = 24 * 3600_000;
/** an FCM service account for the push channel probes (shared/services/pushChannel.ts) */
const PROBE_SERVICE_JSON = JSON.stringify({
  type: 'service_account',
  project_id: 'probe',
  client_email: 'probe@probe.iam.gserviceaccount.com',
  private_key: generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
});

/**
 * One probe per operation that names a record: the payload it is called with, given the ids to name and, for
 * references that must be valid for the call to reach the named record, the caller's own records.
 */
type Probe = (ids: Ids, own: { role: string; segment: string }) => unknown;
const PROBES: Record<string, Probe> = {
  'user.getListByPage': (ids) => ({ page: 0, size: 10, roleId: ids.role }),
  'user.save': (ids, own) => ({ id: ids.user, username: 'probe-user', email: 'probe-user@example.com', roleId: own.role, version: 1 }),
  'user.save (role)': (ids) => ({ username: 'probe-new', email: 'probe-new@example.com', roleId: ids.role, password: 'Probe@1234' }),
  'user.delete': (ids) => ({ id: ids.user }),
  'user.invited': (ids) => ({ email: 'probe-invited@example.com', roleId: ids.role }),
  'ssoSetting.save (role)': (ids) => ({ enabled: true, issuer: 'https://idp.example', clientId: 'probe', defaultRoleId: ids.role, version: 0 }),
  'user.resendInvitation': (ids) => ({ userId: ids.user }),
  'user.cancelInvitation': (ids) => ({ userId: ids.user }),
  'userRole.detail': (ids) => ({ id: ids.role }),
  'userRole.save': (ids) => ({ id: ids.role, name: 'Probe role', code: 'PROBE_ROLE', permissions: [], version: 1 }),
  'userRole.delete': (ids) => ({ id: ids.role }),
  'account.devices': (ids) => ({ id: ids.account }),
  'account.permissionRecords': (ids) => ({ id: ids.account }),
  'account.events': (ids) => ({ id: ids.account }),
  'account.tracks': (ids) => ({ id: ids.account }),
  'application.issueSecret': (ids) => ({ id: ids.application }),
  'pushChannelSetting.detail': (ids) => ({ id: ids.pushChannel }),
  'pushChannelSetting.save': (ids) => ({ id: ids.pushChannel, title: 'Probe push', appId: ids.application, type: 'GCM', version: 1 }),
  'pushChannelSetting.save (app)': (ids) => ({ title: 'Probe push', appId: ids.application, type: 'GCM', serviceJson: PROBE_SERVICE_JSON }),
  'pushChannelSetting.delete': (ids) => ({ id: ids.pushChannel }),
  'pushChannelSetting.testSend': (ids) => ({ id: ids.pushChannel, accountId: ids.account }),
  'behaviorInsight.timeline': (ids) => ({ source: 'APP', accountId: ids.account, size: 5 }),
  'templateMessage.getPushChannels': (ids) => ({ id: ids.template }),
  'cloudSource.detail': (ids) => ({ id: ids.cloudSource }),
  'cloudSource.save': (ids) => ({
    id: ids.cloudSource,
    version: 1,
    title: 'Probe',
    sourceType: 'UPLOAD',
    fileName: 'x.csv',
    fileColumns: [{ columnId: 'id' }],
    uniqueIdField: 'id',
  }),
  'cloudSource.delete': (ids) => ({ id: ids.cloudSource }),
  'cloudSource.duplicate': (ids) => ({ id: ids.cloudSource }),
  'cloudSource.runNow': (ids) => ({ id: ids.cloudSource }),
  'cloudSource.uploadUrl': (ids) => ({ id: ids.cloudSource, fileName: 'probe.csv', size: 10 }),
  'cloudSource.confirmHostKey': (ids) => ({ id: ids.cloudSource, fingerprint: `SHA256:${'A'.repeat(43)}` }),
  'cloudSource.deleteHistoryRecord': (ids) => ({ sourceId: ids.cloudSource, id: ids.cloudDelivery }),
  'cloudSourceHistory.getListByPage': (ids) => ({ sourceId: ids.cloudSource }),
  'cloudSourceHistory.confirm': (ids) => ({ sourceId: ids.cloudSource, id: ids.cloudDelivery }),
  'cloudSourceHistory.skip': (ids) => ({ sourceId: ids.cloudSource, id: ids.cloudDelivery }),
  'cloudSourceRecord.getListByPage': (ids) => ({ sourceId: ids.cloudSource, id: ids.cloudDelivery }),
  'cloudSourceRecord.export': (ids) => ({ sourceId: ids.cloudSource, id: ids.cloudDelivery }),
  'modelHistory.getListByPage': (ids) => ({ modelId: ids.model }),
  'modelHistory.confirm': (ids) => ({ modelId: ids.model, id: ids.cloudDelivery }),
  'modelHistory.skip': (ids) => ({ modelId: ids.model, id: ids.cloudDelivery }),
  'modelRecord.getListByPage': (ids) => ({ modelId: ids.model, id: ids.cloudDelivery }),
  'message.export': (ids) => ({ planId: ids.pendingPlan, runId: '1' }),
  'consoleCloud.getListByPage': (ids) => ({ sourceId: ids.cloudSource }),
  'consoleCloud.detail': (ids) => ({ sourceId: ids.cloudSource, id: ids.cloudDelivery }),
  'consoleCloud.export': (ids) => ({ sourceId: ids.cloudSource, id: ids.cloudDelivery }),
  'presetParameter.load': (ids) => ({ id: ids.presetParameter, fileName: 'probe.csv' }),
  'presetParameter.uploadUrl': (ids) => ({ id: ids.presetParameter, fileName: 'probe.csv', size: 10 }),
  'presetRecord.getListByPage': (ids) => ({ parameterId: ids.presetParameter }),
  'presetRecord.save': (ids) => ({ parameterId: ids.presetParameter, key: 'owned-key', alias: 'label', value: 'probe' }),
  'presetRecord.delete': (ids) => ({ parameterId: ids.presetParameter, key: 'owned-key', alias: 'label' }),
  'account.detail': (ids) => ({ id: ids.account }),
  'account.save': (ids) => ({ id: ids.account, emails: ['probe-account@example.com'], firstName: 'Probe', version: 1 }),
  'account.delete': (ids) => ({ id: ids.account }),
  'segment.detail': (ids) => ({ id: ids.segment }),
  'segment.save': (ids) => ({ id: ids.segment, name: 'Probe segment', rule, version: 1 }),
  'segment.delete': (ids) => ({ id: ids.segment }),
  'segment.count': (ids) => ({ id: ids.segment }),
  'dataImport.appendRows': (ids) => ({ id: ids.dataImport, fromRow: 2, rows: [['p-1', 'probe-row@example.com']], bytesRead: 10 }),
  'dataImport.finish': (ids) => ({ id: ids.dataImport }),
  'dataImport.cancel': (ids) => ({ id: ids.dataImport }),
  'dataImport.detail': (ids) => ({ id: ids.dataImport }),
  'dataImport.getFailures': (ids) => ({ id: ids.dataImport }),
  'templateMessage.getListByPage': (ids) => ({ page: 0, size: 10, categoryId: ids.templateCategory }),
  'templateMessage.detail': (ids) => ({ id: ids.template }),
  'templateMessage.save': (ids) => ({ id: ids.template, name: 'Probe template', template: templateContent, version: 1 }),
  'templateMessage.save (category)': (ids) => ({ name: 'Probe categorised', categoryId: ids.templateCategory, template: templateContent }),
  'templateMessage.delete': (ids) => ({ id: ids.template }),
  'templateMessage.duplicate': (ids) => ({ id: ids.template }),
  'templateMessage.getMultiLanguages': (ids) => ({ id: ids.template }),
  'junction.translationBody': (ids) => ({ templateId: ids.template }),
  'junction.push': (ids) => ({ templateId: ids.template, targetLanguages: ['ja'] }),
  'junction.sync': (ids) => ({ templateId: ids.template }),
  'junction.status': (ids) => ({ templateId: ids.template }),
  'templateMessage.saveMultiLanguages': (ids) => ({ id: ids.template, version: 1, template: templateContent }),
  'templateMessage.duplicateWithTranslation': (ids) => ({ id: ids.template, languages: ['ja'] }),
  'templateMessage.setActive': (ids) => ({ id: ids.template, active: false }),
  'templateMessage.lock': (ids) => ({ id: ids.template }),
  'templateMessage.unlock': (ids) => ({ id: ids.template }),
  'templateMessage.export': (ids) => ({ ids: [ids.template] }),
  'templateMessage.export (category)': (ids) => ({ categoryId: ids.templateCategory }),
  'templateMessage.importFile': (ids) => ({
    file: JSON.stringify({ format: 'herald.templateMessages', version: 1, exportedAt: 0, templates: [{ id: ids.template, name: 'Probe import', template: templateContent }] }),
  }),
  'templateMessage.importFile (category)': (ids) => ({
    file: JSON.stringify({ format: 'herald.templateMessages', version: 1, exportedAt: 0, templates: [] }),
    categoryId: ids.templateCategory,
  }),
  'dataExport.create': (ids) => ({ title: 'Probe export', exportType: 'ACCOUNTS', segmentId: ids.segment }),
  'dataExport.detail': (ids) => ({ id: ids.dataExport }),
  'dataExport.download': (ids) => ({ id: ids.dataExport }),
  'dataExport.delete': (ids) => ({ id: ids.dataExport }),
  'templateMessage.previewLetter': (ids) => ({ template: letterTemplate, companyId: ids.company }),
  'templateMessage.getListByCategoryAndYear': (ids) => ({ categoryId: ids.templateCategory, year: new Date().getUTCFullYear() }),
  'plan.saveSingle': (ids, own) => ({ id: ids.plan, name: 'Probe plan', title: 'Probe', channel: 'EMAIL', content: emailContent, segmentId: own.segment, version: 1 }),
  'plan.saveSingle (segment)': (ids) => ({ name: 'Probe seg', title: 'Probe', channel: 'EMAIL', content: emailContent, segmentId: ids.segment }),
  'plan.saveSingle (tags)': (ids, own) => ({ name: 'Probe tags', title: 'Probe', channel: 'EMAIL', content: emailContent, segmentId: own.segment, tagIds: [ids.planTag] }),
  'plan.saveSingle (category)': (ids, own) => ({
    name: 'Probe cat',
    title: 'Probe',
    channel: 'EMAIL',
    content: emailContent,
    segmentId: own.segment,
    categoryId: ids.planCategory,
  }),
  'plan.saveSingle (group)': (ids, own) => ({ name: 'Probe group', title: 'Probe', channel: 'EMAIL', content: emailContent, segmentId: own.segment, groupId: ids.planGroup }),
  'plan.saveSingle (template)': (ids, own) => ({
    name: 'Probe tpl',
    title: 'Probe',
    channel: 'EMAIL',
    content: { kind: 'TEMPLATE', templateId: ids.template },
    segmentId: own.segment,
  }),
  'plan.saveDynamic': (ids, own) => ({ id: ids.plan, name: 'Probe journey', journey: probeJourney(emailContent), segmentId: own.segment, version: 1 }),
  'plan.saveDynamic (segment)': (ids) => ({ name: 'Probe journey seg', journey: probeJourney(emailContent), segmentId: ids.segment }),
  'plan.saveDynamic (template)': (ids, own) => ({ name: 'Probe journey tpl', journey: probeJourney({ kind: 'TEMPLATE', templateId: ids.template }), segmentId: own.segment }),
  'plan.duplicateBuilder': (ids) => ({ id: ids.plan }),
  'plan.detail': (ids) => ({ id: ids.plan }),
  'plan.delete': (ids) => ({ id: ids.plan }),
  'plan.duplicateSingle': (ids) => ({ id: ids.plan }),
  'dashboardMetric.summary': (ids) => ({ preset: 'WEEK', groupId: ids.dashboardGroup }),
  'dashboardMetric.trend': (ids) => ({ range: { preset: 'WEEK' }, groupId: ids.dashboardGroup }),
  'dashboardMetric.ranking': (ids) => ({ preset: 'WEEK', groupId: ids.dashboardGroup }),
  'dashboardMetric.kpiProgress': (ids) => ({ groupId: ids.dashboardGroup }),
  'report.plan': (ids) => ({ planIds: [ids.plan], start: '2026-01-01', end: '2026-01-31' }),
  'reportExport.downloadWordReport': (ids) => ({ planIds: [ids.plan], start: '2026-01-01', end: '2026-01-31' }),
  'requestedReport.create': (ids) => ({ kind: 'REQUESTED', name: 'Probe', planIds: [ids.plan], start: '2026-01-01', end: '2026-01-31' }),
  'plan.edit': (ids) => ({ id: ids.plan, name: 'Probe edit', intro: '', tagIds: [] }),
  'plan.editReportMails': (ids) => ({ id: ids.plan, reportMails: [] }),
  'plan.getCateByPage category': (ids) => ({ page: 0, size: 10, filter: 'ALL', categoryId: ids.planCategory }),
  'plan.getCateByPage group': (ids) => ({ page: 0, size: 10, filter: 'ALL', groupId: ids.planGroup }),
  'plan.testEmail': (ids) => ({ id: ids.plan, emails: ['probe-test@example.com'] }),
  'plan.getReplacedTemplateMessage': (ids) => ({ id: ids.plan, accountId: ids.account }),
  'plan.testSend': (ids) => ({ id: ids.plan, target: { channel: 'SMS', to: ['+15555550100'] } }),
  'planAction.sendToReview': (ids) => ({ id: ids.plan, participants: [ids.user], deadline: Date.now() + DAY }),
  'planAction.pass': (ids) => ({ id: ids.pendingPlan }),
  'planAction.reject': (ids) => ({ id: ids.pendingPlan, type: 'CONTENT', reason: 'Probe' }),
  'planAction.cancel': (ids) => ({ id: ids.pendingPlan }),
  'planAction.active': (ids) => ({ id: ids.plan }),
  'planAction.inactive': (ids) => ({ id: ids.plan }),
  'planAction.stop': (ids) => ({ id: ids.plan }),
  'planAction.resend': (ids) => ({ id: ids.plan }),
  'planConfig.getPageActions': (ids) => ({ id: ids.plan }),
  'planAction.archive': (ids) => ({ id: ids.plan }),
  'planAction.unarchive': (ids) => ({ id: ids.plan }),
  'planAction.modifyDateRange': (ids) => ({ id: ids.plan, trigger: { kind: 'IMMEDIATELY' } }),
  'trigger.save': (ids) => ({ id: ids.plan, trigger: { kind: 'IMMEDIATELY' } }),
  'trigger.issueWebhookToken': (ids) => ({ id: ids.plan }),
  'planStatistics.detail': (ids) => ({ id: ids.pendingPlan }),
  'operationRecord.getListByPage': (ids) => ({ page: 0, size: 10, planId: ids.pendingPlan }),
  'sentRecord.getListByPage': (ids) => ({ planId: ids.pendingPlan }),
  'messageUnsubscription.delete': (ids) => ({ id: ids.unsubscription }),
  'approvalSheet.detail': (ids) => ({ subject: 'PLAN', id: ids.pendingPlan }),
  'approvalSheet.history': (ids) => ({ subject: 'PLAN', id: ids.pendingPlan }),
  'approvalSheet.canConfirm': (ids) => ({ subject: 'PLAN', id: ids.pendingPlan }),
  'approvalSheet.share': (ids) => ({ subject: 'PLAN', id: ids.pendingPlan, participants: [ids.user], deadline: Date.now() + DAY }),
  'approvalSheet.share (template)': (ids) => ({ subject: 'TEMPLATE', id: ids.template, participants: [ids.user], deadline: Date.now() + DAY }),
  'approvalSheet.resend': (ids) => ({ subject: 'PLAN', id: ids.pendingPlan, userId: ids.user }),
  'approvalSheet.resendAll': (ids) => ({ subject: 'PLAN', id: ids.pendingPlan }),
  'approvalSheet.pass': (ids) => ({ subject: 'TEMPLATE', id: ids.template }),
  'approvalSheet.reject': (ids) => ({ subject: 'TEMPLATE', id: ids.template, reason: 'Probe' }),
  'userDelegate.save': (ids) => ({ toUserId: ids.user, startAt: Date.now(), endAt: Date.now() + DAY }),
  'userDelegate.save (from)': (ids) => ({ fromUserId: ids.user, toUserId: ids.user, startAt: Date.now(), endAt: Date.now() + DAY }),
  'userDelegate.save (id)': (ids) => ({ id: ids.delegation, toUserId: ids.user, startAt: Date.now(), endAt: Date.now() + DAY }),
  'userDelegate.delete': (ids) => ({ id: ids.delegation }),
  'userAlert.save': (ids) => ({ id: ids.alert, event: 'RUN_FAILURE_RATE', threshold: 5, version: 1 }),
  'userAlert.delete': (ids) => ({ id: ids.alert }),
  'messageLink.getListByPage': (ids) => ({ planId: ids.plan }),
  'snsRecord.detail': (ids) => ({ id: ids.snsRecord }),
};

/** Operations whose named record is an organization or the caller's own: probed where that is the subject. */
const NOT_RECORDS: Record<string, string> = {
  'user.switchOrganization': 'names an organization; membership is checked (session.test.ts, authorization.test.ts)',
  'user.acceptInvitation': "names an organization; only the caller's own invitation (authorization.test.ts hole 1)",
  'user.declineInvitation': "names an organization; only the caller's own invitation (authorization.test.ts hole 1)",
  'organization.detail': 'names an organization; membership is checked (authorization.test.ts hole 2)',
  'organization.save': 'names an organization; its permission is checked there (authorization.test.ts hole 2)',
  'notification.read': "names the caller's own notification: another user's or organization's answers 720003 (notifications.test.ts)",
  'brandVoice.save': "modelId names a Bedrock model, not a record; the brand voice is the caller organization's one record (brandVoice.test.ts)",
  'notification.unread': "names the caller's own notification: another user's or organization's answers 720003 (notifications.test.ts)",
  'requestedReport.detail': "names a requested report: another organization's answers 720003 (planReport.test.ts, requested reports)",
  'requestedReport.download': "names a requested report: another organization's answers 720003 (planReport.test.ts, requested reports)",
  'requestedReport.delete': "names a requested report: another organization's answers 720003 and it stays (planReport.test.ts, requested reports)",
  'organization.transfer': 'names the organization signed in to; another one, or a user of another, answers 720003 (administration.test.ts)',
  'organization.completeOnboarding': 'names the organization signed in to; another one answers 720003 and stays pending (administration.test.ts)',
  'organization.whiteList': 'names the organization signed in to; another one answers 720003 (administration.test.ts)',
  'organization.saveWhiteList': 'names the organization signed in to; another one answers 720003 and is unchanged (administration.test.ts)',
  'organization.actionList': 'names the organization signed in to; another one answers 720003 (administration.test.ts)',
  'lineChannel.save': "channelId is LINE's channel number, not a record; the setting is the caller's organization's own (channelLine.test.ts)",
};

const CRUD = new Set(CRUD_ENTITIES.map((d) => d.name as string));

/** The payload keys that name records. */
function referenceKeys(schema: z.ZodType): string[] {
  let shape: Record<string, unknown> = {};
  let s: unknown = schema;
  // unwrap defaults and pipes to the object
  for (let i = 0; i < 5 && s && !(s instanceof z.ZodObject); i++)
    s = (s as { def?: { innerType?: unknown; in?: unknown } }).def?.innerType ?? (s as { def?: { in?: unknown } }).def?.in;
  if (s instanceof z.ZodObject) shape = s.shape;
  return Object.keys(shape).filter((k) => /(^id|Id|Ids)$/.test(k));
}

const named = [...CATALOGUE].filter(([service, def]) => referenceKeys(def.payload).length > 0 && !CRUD.has(service.split('.')[0]!));

it('every operation that names a record has a tenancy probe (or says why it is probed elsewhere)', () => {
  const probed = new Set(Object.keys(PROBES).map((k) => k.split(' ')[0]));
  const missing = named.map(([s]) => s).filter((s) => !probed.has(s) && !NOT_RECORDS[s]);
  expect(missing).toEqual([]);
  expect(named.length).toBeGreaterThan(40);
  // and no probe outlives its operation
  expect([...probed].filter((s) => !CATALOGUE.has(s!))).toEqual([]);
});

describe("another organization's ids answer exactly as missing ones", () => {
  let herald: LocalHerald;
  let admin: ApiClient;
  let other: ApiClient;
  const ids = {} as Ids;
  let own: { role: string; segment: string };
  /** what organization 1's records look like before the probes */
  let before: Record<string, unknown>;

  async function snapshot(): Promise<Record<string, unknown>> {
    const plain = (r: Record<string, unknown>) => ({ ...r, actions: undefined });
    return {
      role: await admin.ok('userRole.detail', { id: ids.role }),
      users: (await admin.ok('user.getAll')).map((u: { id: string }) => u.id).sort(),
      account: await admin.ok('account.detail', { id: ids.account }),
      segment: await admin.ok('segment.detail', { id: ids.segment }),
      dataImport: await admin.ok('dataImport.detail', { id: ids.dataImport }),
      template: await admin.ok('templateMessage.detail', { id: ids.template }),
      templates: (await admin.ok('templateMessage.getListByPage', { page: 0, size: 50 })).total,
      plan: plain(await admin.ok('plan.detail', { id: ids.plan })),
      pendingPlan: plain(await admin.ok('plan.detail', { id: ids.pendingPlan })),
      plans: (await admin.ok('plan.getCateByPage', { page: 0, size: 50 })).total,
      unsubscriptions: (await admin.ok('messageUnsubscription.getListByPage', { page: 0, size: 50 })).list,
      cloudSource: await admin.ok('cloudSource.detail', { id: ids.cloudSource }),
      cloudDeliveries: (await admin.ok('cloudSourceHistory.getListByPage', { sourceId: ids.cloudSource })).list,
      preset: await admin.ok('presetParameter.detail', { id: ids.presetParameter }),
      pushChannel: await admin.ok('pushChannelSetting.detail', { id: ids.pushChannel }),
      presetRecords: (await admin.ok('presetRecord.getListByPage', { parameterId: ids.presetParameter })).list,
      delegations: (await admin.ok('userDelegate.getListByPage', { page: 0, size: 50 })).list,
      alerts: await admin.ok('userAlert.getAll'),
      snsRecord: await admin.ok('snsRecord.detail', { id: ids.snsRecord }),
    };
  }

  beforeAll(async () => {
    herald = await startHerald();
    ({ admin, other } = await twoOrganizations(herald, 'probe'));
    const role = await admin.ok('userRole.save', { name: 'Probe viewers', code: 'PROBE_VIEWERS', permissions: ['NAV_HOME'] });
    ids.role = role.id;
    ids.user = (await admin.ok('user.save', { username: 'probe-owner', email: 'probe-owner@example.com', roleId: role.id, password: 'Owner@1234' })).id;
    ids.account = (await admin.ok('account.save', { id: 'probe-account', emails: ['probe-owned@example.com'], firstName: 'Owned', country: 'jp', emailConsent: true })).id;
    ids.segment = (await admin.ok('segment.save', { name: 'Probe owned', rule })).id;
    ids.dataImport = (
      await admin.ok('dataImport.create', { fileName: 'p.csv', totalBytes: 100, columns: ['id', 'email'], primaryKeyColumn: 0, mappings: [{ column: 1, target: 'email' }] })
    ).id;
    ids.templateCategory = (await admin.ok('templateCategory.save', { name: 'Probe category' })).id;
    ids.template = (await admin.ok('templateMessage.save', { name: 'Probe owned', categoryId: ids.templateCategory, template: templateContent })).id;
    ids.planTag = (await admin.ok('planTag.save', sampleOf('planTag'))).id;
    ids.dataExport = (await admin.ok('dataExport.create', { title: 'Owned export', exportType: 'UNSUBSCRIPTIONS' })).id;
    ids.application = (await admin.ok('application.save', { name: 'Owned app', appType: 'Android' })).id;
    ids.delegation = (await admin.ok('userDelegate.save', { toUserId: ids.user, startAt: Date.now(), endAt: Date.now() + 30 * DAY })).id;
    ids.alert = (await admin.ok('userAlert.save', { event: 'CLOUD_SOURCE_FAILED' })).id;
    ids.pushChannel = (await admin.ok('pushChannelSetting.save', { title: 'Owned push', appId: ids.application, type: 'GCM', serviceJson: PROBE_SERVICE_JSON })).id;
    ids.cloudSource = (
      await admin.ok('cloudSource.save', {
        title: 'Owned drop',
        sourceType: 'UPLOAD',
        fileName: '*.csv',
        fileColumns: [{ columnId: 'id' }, { columnId: 'mail', fieldType: 'email' }],
        uniqueIdField: 'id',
        loopType: 'ONCE',
        status: 'INACTIVE',
        holdForConfirmation: true,
      })
    ).id;
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: ids.cloudSource, fileName: 'owned.csv' }, 'id,mail\r\nbad id!,x\r\n');
    await admin.ok('cloudSource.runNow', { id: ids.cloudSource });
    await herald.jobs.idle();
    ids.cloudDelivery = (await admin.ok('cloudSourceHistory.getListByPage', { sourceId: ids.cloudSource })).list[0]!.id;
    ids.model = (await admin.ok('model.save', { name: 'Owned model', cloudSourceId: ids.cloudSource })).id;
    ids.presetParameter = (await admin.ok('presetParameter.save', { title: 'Owned preset', variable: 'owned', primaryKey: 'store' })).id;
    await admin.ok('presetRecord.save', { parameterId: ids.presetParameter, key: 'owned-key', alias: 'label', value: 'Owned value' });
    ids.company = (
      await admin.ok('company.save', {
        company: 'Owned Co',
        directMailType: 'LETTER',
        fullName: 'Owned Company Ltd',
        address: '1 Owned Street',
        website: 'https://owned.example',
        name: 'Owned Sender',
        phone: '+81 3 0000 0000',
        email: 'owned-sender@example.com',
      })
    ).id;
    ids.planCategory = (await admin.ok('planCategory.save', sampleOf('planCategory'))).id;
    ids.planGroup = (await admin.ok('planGroup.save', sampleOf('planGroup'))).id;
    const plan = { title: 'Owned', channel: 'EMAIL', content: emailContent, segmentId: ids.segment };
    ids.plan = (await admin.ok('plan.saveSingle', { ...plan, name: 'Probe owned draft' })).id;
    ids.dashboardGroup = (await admin.ok('dashboardGroup.save', { name: 'Owned group', planIds: [ids.plan] })).id;
    const approver = await admin.ok('user.save', {
      username: 'probe-approver',
      email: 'probe-approver@example.com',
      roleId: (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id,
      password: 'Approve@1234',
    });
    const pending = await admin.ok('plan.saveSingle', { ...plan, name: 'Probe owned pending' });
    await admin.ok('planAction.sendToReview', { id: pending.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    ids.pendingPlan = pending.id;
    // unsubscriptions arrive by link or import, not by the portal's API
    ids.unsubscription = unsubscriptionId('EMAIL', 'probe-owned@example.com');
    await new Store(herald.rt).forOrg(1).put('messageUnsubscription', {
      id: ids.unsubscription,
      channelName: 'EMAIL',
      target: 'probe-owned@example.com',
      source: 'MANUAL',
      dateCreated: herald.rt.clock.now(),
    });
    // an SMS reply arrives by SNS or a Twilio webhook
    ids.snsRecord = 'probe-reply';
    const now = herald.rt.clock.now();
    await new Store(herald.rt)
      .forOrg(1)
      .put('snsRecord', { id: ids.snsRecord, source: 'SNS', fromNumber: '+12065550123', body: 'Probe', optOut: false, receivedAt: now, expiresAt: Math.floor(now / 1000) + 3600 });

    own = {
      role: (await other.ok('userRole.getAll'))[0].id,
      segment: (await other.ok('segment.save', { name: 'Probe own', rule })).id,
    };
    before = await snapshot();
  }, 120_000);
  afterAll(() => herald?.stop());

  /** ids that exist in no organization */
  const nowhere = (): Ids =>
    Object.fromEntries(Object.keys(ids).map((k) => [k, k === 'unsubscription' ? unsubscriptionId('EMAIL', `${randomUUID()}@example.com`) : randomUUID()])) as unknown as Ids;

  it.each(Object.keys(PROBES))('%s', async (probe) => {
    const service = probe.split(' ')[0]!;
    const foreign = await other.call(service, PROBES[probe]!(ids, own));
    const missing = await other.call(service, PROBES[probe]!(nowhere(), own));
    expect(foreign.status, `${probe}: ${JSON.stringify(foreign.body).slice(0, 200)}`).toBe(missing.status);
    expect({ state: foreign.body.state, errorCode: foreign.body.errorCode, errorMessage: foreign.body.errorMessage }, probe).toEqual({
      state: missing.body.state,
      errorCode: missing.body.errorCode,
      errorMessage: missing.body.errorMessage,
    });
    // the payload is well formed: the answer comes from the look-up, not from validation or permissions
    expect(['400016', '730001'], `${probe}: ${missing.body.errorMessage}`).not.toContain(missing.body.errorCode);
    // a success (a list filtered by a reference) shows nothing of organization 1
    if (foreign.body.state === 'S') expect(JSON.stringify(foreign.payload)).not.toMatch(/Owned|owned|probe-owner/);
  });

  it("organization 1's records are as they were", async () => {
    expect(await snapshot()).toEqual(before);
  });
});

/** A valid record of a plain entity, from its registry form (as crud.test.ts builds them). */
function sampleOf(name: string): Record<string, unknown> {
  const def = CRUD_ENTITIES.find((d) => d.name === name)!;
  const shape = def.schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    def.crud.form.map((f) => {
      const candidates: unknown[] =
        f.kind === 'select' ? [f.options![0]] : f.kind === 'boolean' ? [false] : f.kind === 'number' ? [1] : f.kind === 'color' ? ['#336699'] : [`Probe ${name}`, `probe_${name}`];
      return [f.field, candidates.find((c) => shape[f.field]!.safeParse(c).success)];
    }),
  );
}
