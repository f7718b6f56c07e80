/** The one dispatch table: every catalogue operation's handler, checked by type against the catalogue. */
import { CRUD_ENTITIES, type CrudEntityName, type SERVICE_AREAS, type ServiceName } from '../../shared/services';
import type { AreaHandlers, Handler } from '../contract/context';
import { accountHandlers } from './account/handlers';
import { applicationHandlers } from './application/handlers';
import { messageProviderHandlers } from './messageProvider/handlers';
import { approvalSheetHandlers } from './approvalSheet/handlers';
import { notificationHandlers } from './notification/handlers';
import { cloudSourceHandlers, cloudSourceHistoryHandlers, cloudSourceRecordHandlers } from './cloudSource/handlers';
import { presetParameterHandlers, presetRecordHandlers } from './presetParameter/handlers';
import { s3ManagerHandlers, uploadHandlers } from './asset/handlers';
import { authHandlers } from './auth/handlers';
import { crudHandlers } from './crud/handlers';
import { dataExportHandlers, exportSettingOverrides } from './dataExport/handlers';
import { dataImportHandlers } from './dataImport/handlers';
import { directMailHandlers } from './directMail/handlers';
import { messageLinkHandlers } from './messageLink/handlers';
import { snsRecordHandlers } from './snsRecord/handlers';
import { lineChannelHandlers } from './lineChannel/handlers';
import { ssoSettingHandlers } from './ssoSetting/handlers';
import { pushChannelSettingHandlers, templateMessagePushHandlers } from './pushChannel/handlers';
import { organizationHandlers } from './organization/handlers';
import { segmentHandlers } from './segment/handlers';
import { systemSettingHandlers } from './systemSetting/handlers';
import { templateMessageHandlers } from './templateMessage/handlers';
import { consoleCloudHandlers, messageHandlers } from './message/handlers';
import { monthlyReportHandlers, reportExportHandlers, reportHandlers, requestedReportHandlers } from './report/handlers';
import {
  messageUnsubscriptionHandlers,
  operationRecordHandlers,
  planActionHandlers,
  planConfigHandlers,
  planHandlers,
  planStatisticsHandlers,
  sentRecordHandlers,
  triggerHandlers,
} from './plan/handlers';
import { dashboardMetricHandlers } from './dashboard/handlers';
import { behaviorInsightHandlers } from './insights/handlers';
import { userDelegateHandlers, userHandlers } from './user/handlers';
import { modelHistoryHandlers, modelRecordHandlers } from './model/handlers';
import { presetHandlers } from './preset/handlers';
import { userRoleHandlers } from './userRole/handlers';
import { aiBotHandlers, brandVoiceHandlers } from './brandVoice/handlers';
import { junctionHandlers } from './junction/handlers';
import { userAlertHandlers } from './userAlert/handlers';

export type HandlerTable = { [A in keyof typeof SERVICE_AREAS]: AreaHandlers<A> };

const crudAreas = Object.fromEntries(CRUD_ENTITIES.map((def) => [def.name, crudHandlers(def)])) as unknown as {
  [K in CrudEntityName]: AreaHandlers<K>;
};

const AREAS: HandlerTable = {
  ...crudAreas,
  auth: authHandlers,
  user: userHandlers,
  userRole: userRoleHandlers,
  organization: organizationHandlers,
  account: accountHandlers,
  segment: segmentHandlers,
  dataImport: dataImportHandlers,
  dataExport: dataExportHandlers,
  directMail: directMailHandlers,
  exportSetting: exportSettingOverrides(crudAreas.exportSetting),
  application: applicationHandlers(crudAreas.application as never),
  messageProvider: messageProviderHandlers(crudAreas.messageProvider as never),
  cloudSource: cloudSourceHandlers,
  cloudSourceHistory: cloudSourceHistoryHandlers,
  cloudSourceRecord: cloudSourceRecordHandlers,
  presetParameter: presetParameterHandlers(crudAreas.presetParameter as never),
  presetRecord: presetRecordHandlers,
  preset: presetHandlers(crudAreas.preset as never),
  templateMessage: { ...templateMessageHandlers, ...templateMessagePushHandlers },
  plan: planHandlers,
  planAction: planActionHandlers,
  trigger: triggerHandlers,
  planStatistics: planStatisticsHandlers,
  planConfig: planConfigHandlers,
  operationRecord: operationRecordHandlers,
  sentRecord: sentRecordHandlers,
  messageUnsubscription: messageUnsubscriptionHandlers,
  systemSetting: systemSettingHandlers,
  upload: uploadHandlers,
  s3Manager: s3ManagerHandlers,
  lineChannel: lineChannelHandlers,
  ssoSetting: ssoSettingHandlers,
  pushChannelSetting: pushChannelSettingHandlers,
  message: messageHandlers,
  report: reportHandlers,
  reportExport: reportExportHandlers,
  monthlyReport: monthlyReportHandlers,
  requestedReport: requestedReportHandlers,
  dashboardMetric: dashboardMetricHandlers,
  behaviorInsight: behaviorInsightHandlers,
  consoleCloud: consoleCloudHandlers(cloudSourceRecordHandlers),
  approvalSheet: approvalSheetHandlers,
  notification: notificationHandlers,
  brandVoice: brandVoiceHandlers,
  aiBot: aiBotHandlers,
  junction: junctionHandlers,
  userDelegate: userDelegateHandlers,
  userAlert: userAlertHandlers,
  messageLink: messageLinkHandlers,
  snsRecord: snsRecordHandlers,
  modelHistory: modelHistoryHandlers(cloudSourceHistoryHandlers),
  modelRecord: modelRecordHandlers(cloudSourceRecordHandlers),
};

export const HANDLERS: ReadonlyMap<string, Handler<ServiceName>> = new Map(
  Object.entries(AREAS).flatMap(([area, ops]) => Object.entries(ops).map(([name, fn]) => [`${area}.${name}`, fn as Handler<ServiceName>] as const)),
);
