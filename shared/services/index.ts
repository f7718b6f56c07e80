/** The service catalogue: every `area.operation` with payload and response schemas and required access. */
import type * as z from 'zod';
import { ENTITIES, type EntityName } from '../entities';
import { authServices } from './auth';
import { type CrudEntityDef, crudServices, type CrudServices } from './crud';
import type { OperationDef } from './operation';
import { accountServices } from './account';
import { approvalSheetServices } from './approvalSheet';
import { notificationServices } from './notification';
import { applicationServices } from './application';
import { cloudSourceHistoryServices, cloudSourceRecordServices, cloudSourceServices } from './cloudSource';
import { presetParameterServices, presetRecordServices } from './presetParameter';
import { presetServices } from './preset';
import { lineChannelServices } from './lineChannel';
import { ssoSettingServices } from './ssoSetting';
import { pushChannelSettingServices, templateMessagePushServices } from './pushChannel';
import { messageProviderServices } from './messageProvider';
import { s3ManagerServices, uploadServices } from './asset';
import { dataExportServices } from './dataExport';
import { directMailServices } from './directMail';
import { dataImportServices } from './dataImport';
import { organizationServices } from './organization';
import { monthlyReportServices, reportExportServices, reportServices, requestedReportServices } from './report';
import { dashboardMetricServices } from './dashboard';
import { behaviorInsightServices } from './insights';
import { segmentServices } from './segment';
import { consoleCloudServices, messageServices } from './message';
import { messageUnsubscriptionServices, operationRecordServices, planActionServices, planServices, planStatisticsServices, sentRecordServices, triggerServices } from './plan';
import { planConfigServices } from './planConfig';
import { systemSettingServices } from './systemSetting';
import { aiBotServices, brandVoiceServices, junctionServices } from './brandVoice';
import { templateMessageServices } from './templateMessage';
import { userServices } from './user';
import { userRoleServices } from './userRole';
import { userDelegateServices } from './userDelegate';
import { userAlertServices } from './userAlert';
import { messageLinkServices } from './messageLink';
import { snsRecordServices } from './snsRecord';
import { modelHistoryServices, modelRecordServices } from './model';

export type CrudEntityName = { [K in EntityName]: (typeof ENTITIES)[K] extends { crud: object } ? K : never }[EntityName];
export const CRUD_ENTITIES = Object.values(ENTITIES).filter((d) => 'crud' in d) as unknown as readonly (CrudEntityDef & { name: CrudEntityName })[];
const crudAreas = Object.fromEntries(CRUD_ENTITIES.map((d) => [d.name, crudServices(d)])) as { [K in CrudEntityName]: CrudServices };

export const SERVICE_AREAS = {
  auth: authServices,
  user: userServices,
  userRole: userRoleServices,
  organization: organizationServices,
  account: accountServices,
  segment: segmentServices,
  dataImport: dataImportServices,
  dataExport: dataExportServices,
  directMail: directMailServices,
  templateMessage: { ...templateMessageServices, ...templateMessagePushServices },
  plan: planServices,
  planAction: planActionServices,
  trigger: triggerServices,
  planStatistics: planStatisticsServices,
  planConfig: planConfigServices,
  operationRecord: operationRecordServices,
  sentRecord: sentRecordServices,
  messageUnsubscription: messageUnsubscriptionServices,
  systemSetting: systemSettingServices,
  upload: uploadServices,
  s3Manager: s3ManagerServices,
  ...crudAreas,
  application: applicationServices,
  messageProvider: messageProviderServices,
  cloudSource: cloudSourceServices,
  cloudSourceHistory: cloudSourceHistoryServices,
  cloudSourceRecord: cloudSourceRecordServices,
  presetParameter: presetParameterServices,
  presetRecord: presetRecordServices,
  preset: presetServices,
  lineChannel: lineChannelServices,
  ssoSetting: ssoSettingServices,
  pushChannelSetting: pushChannelSettingServices,
  message: messageServices,
  report: reportServices,
  reportExport: reportExportServices,
  monthlyReport: monthlyReportServices,
  requestedReport: requestedReportServices,
  dashboardMetric: dashboardMetricServices,
  behaviorInsight: behaviorInsightServices,
  consoleCloud: consoleCloudServices,
  approvalSheet: approvalSheetServices,
  notification: notificationServices,
  brandVoice: brandVoiceServices,
  aiBot: aiBotServices,
  junction: junctionServices,
  userDelegate: userDelegateServices,
  userAlert: userAlertServices,
  messageLink: messageLinkServices,
  snsRecord: snsRecordServices,
  modelHistory: modelHistoryServices,
  modelRecord: modelRecordServices,
} as const;

type Areas = typeof SERVICE_AREAS;
export type ServiceName = {
  [A in keyof Areas]: `${A & string}.${keyof Areas[A] & string}`;
}[keyof Areas];

type OpOf<S extends ServiceName> = S extends `${infer A}.${infer O}` ? (A extends keyof Areas ? (O extends keyof Areas[A] ? Areas[A][O] : never) : never) : never;

export type PayloadIn<S extends ServiceName> = OpOf<S> extends OperationDef<infer P, z.ZodType> ? z.input<P> : never;
export type Payload<S extends ServiceName> = OpOf<S> extends OperationDef<infer P, z.ZodType> ? z.output<P> : never;
export type Result<S extends ServiceName> = OpOf<S> extends OperationDef<z.ZodType, infer R> ? z.output<R> : never;

export type AccessOf<S extends ServiceName> = OpOf<S>['access'];

export const CATALOGUE: ReadonlyMap<string, OperationDef> = new Map(
  Object.entries(SERVICE_AREAS).flatMap(([area, ops]) => Object.entries(ops).map(([name, def]) => [`${area}.${name}`, def as OperationDef] as const)),
);

export function findOperation(service: string): OperationDef | undefined {
  return CATALOGUE.get(service);
}

export * from './operation';
export * from './auth';
export * from './user';
export * from './userRole';
export * from './organization';
export * from './crud';
export * from './account';
export * from './segment';
export * from './dataImport';
export * from './templateMessage';
export * from './plan';
export * from './systemSetting';
export * from './asset';
export * from './application';
export * from './cloudSource';
export * from './presetParameter';
export * from './preset';
export * from './lineChannel';
export * from './ssoSetting';
export * from './pushChannel';
export * from './messageProvider';
export * from './directMail';
export * from './message';
export * from './approvalSheet';
export * from './notification';
export * from './dashboard';
export * from './brandVoice';
export * from './userDelegate';
export * from './userAlert';
export * from './messageLink';
export * from './snsRecord';
export * from './model';
