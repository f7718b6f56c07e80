/** The entity registry: the one list of entities, driving tables (CDK and local), store and screens. */
import { actionListEntity } from './actionList';
import { approvalSheetEntity } from './approvalSheet';
import { notificationEntity } from './notification';
import { appEntity } from './app';
import { cloudSourceEntity, cloudSourceHistoryEntity, cloudSourceRecordEntity } from './cloudSource';
import { presetParameterEntity, presetRecordEntity } from './presetParameter';
import { modelEntity } from './model';
import { presetCategoryEntity, presetEntity } from './preset';
import { accountEventEntity, applicationEntity, permissionRecordEntity, sdkNonceEntity } from './application';
import { companyEntity } from './company';
import type { EntityDef } from './entity';
import { invitationEntity } from './invitation';
import { beaconEntity, geofenceEntity } from './geofence';
import { geofenceTagEntity } from './geofenceTag';
import { beaconGroupEntity, beaconMajorEntity } from './beaconGroup';
import { messageUnsubscriptionEntity } from './messageUnsubscription';
import { smsContactEntity } from './smsContact';
import { operationRecordEntity, planEntity, planRunEntity } from './plan';
import { segmentEntity } from './segment';
import { segmentNodeEntity, segmentTagEntity } from './segmentTag';
import { sendRateSettingEntity, systemSettingEntity } from './systemSetting';
import { accountEntity } from './account';
import { deviceEntity } from './device';
import { dataExportEntity, exportSettingEntity } from './dataExport';
import { dataImportEntity, dataImportFailureEntity } from './dataImport';
import { deliveryCounterEntity, rateWindowEntity, sentRecordEntity } from './delivery';
import { journeyStateEntity } from './journeyState';
import { kpiTargetEntity } from './kpiTarget';
import { dashboardGroupEntity } from './dashboardGroup';
import { monthlyReportEntity } from './monthlyReport';
import { requestedReportEntity } from './requestedReport';
import { languageEntity } from './language';
import { lineChannelEntity } from './lineChannel';
import { ssoIdentityEntity, ssoSettingEntity, ssoStateEntity } from './ssoSetting';
import { pushChannelEntity } from './pushChannel';
import { messageProviderEntity } from './messageProvider';
import { inboxItemEntity } from './inbox';
import { queueMessageEntity, scheduleEntity } from './localPorts';
import { organizationEntity, whiteListEntity } from './organization';
import { userDelegateEntity } from './userDelegate';
import { userAlertEntity } from './userAlert';
import { planCategoryEntity } from './planCategory';
import { planGroupEntity } from './planGroup';
import { planTagEntity } from './planTag';
import { passwordResetEntity, rateLimitEntity, sessionEntity, uniqueKeyEntity } from './session';
import { memberListingEntity, organizationUserEntity, userEntity } from './user';
import { templateCategoryEntity } from './templateCategory';
import { brandVoiceEntity, translationSyncEntity } from './brandVoice';
import { messageFolderEntity } from './messageFolder';
import { messageLinkEntity } from './messageLink';
import { snsRecordEntity } from './snsRecord';
import { templateMessageEntity } from './templateMessage';
import { triggerStateEntity } from './trigger';
import { roleDirectoryEntity, userRoleEntity } from './userRole';

export const ENTITIES = {
  organization: organizationEntity,
  user: userEntity,
  organizationUser: organizationUserEntity,
  memberListing: memberListingEntity,
  userRole: userRoleEntity,
  roleDirectory: roleDirectoryEntity,
  invitation: invitationEntity,
  app: appEntity,
  session: sessionEntity,
  passwordReset: passwordResetEntity,
  rateLimit: rateLimitEntity,
  uniqueKey: uniqueKeyEntity,
  queueMessage: queueMessageEntity,
  schedule: scheduleEntity,
  templateCategory: templateCategoryEntity,
  messageFolder: messageFolderEntity,
  planTag: planTagEntity,
  planCategory: planCategoryEntity,
  planGroup: planGroupEntity,
  language: languageEntity,
  actionList: actionListEntity,
  company: companyEntity,
  kpiTarget: kpiTargetEntity,
  dashboardGroup: dashboardGroupEntity,
  monthlyReport: monthlyReportEntity,
  requestedReport: requestedReportEntity,
  geofenceTag: geofenceTagEntity,
  beaconGroup: beaconGroupEntity,
  beaconMajor: beaconMajorEntity,
  geofence: geofenceEntity,
  beacon: beaconEntity,
  exportSetting: exportSettingEntity,
  application: applicationEntity,
  sentRecord: sentRecordEntity,
  deliveryCounter: deliveryCounterEntity,
  rateWindow: rateWindowEntity,
  triggerState: triggerStateEntity,
  messageUnsubscription: messageUnsubscriptionEntity,
  smsContact: smsContactEntity,
  messageLink: messageLinkEntity,
  snsRecord: snsRecordEntity,
  plan: planEntity,
  operationRecord: operationRecordEntity,
  planRun: planRunEntity,
  journeyState: journeyStateEntity,
  approvalSheet: approvalSheetEntity,
  notification: notificationEntity,
  segment: segmentEntity,
  segmentTag: segmentTagEntity,
  segmentNode: segmentNodeEntity,
  templateMessage: templateMessageEntity,
  account: accountEntity,
  device: deviceEntity,
  accountEvent: accountEventEntity,
  permissionRecord: permissionRecordEntity,
  sdkNonce: sdkNonceEntity,
  dataImport: dataImportEntity,
  dataImportFailure: dataImportFailureEntity,
  dataExport: dataExportEntity,
  cloudSource: cloudSourceEntity,
  cloudSourceHistory: cloudSourceHistoryEntity,
  cloudSourceRecord: cloudSourceRecordEntity,
  presetParameter: presetParameterEntity,
  model: modelEntity,
  presetRecord: presetRecordEntity,
  presetCategory: presetCategoryEntity,
  preset: presetEntity,
  brandVoice: brandVoiceEntity,
  translationSync: translationSyncEntity,
  systemSetting: systemSettingEntity,
  sendRateSetting: sendRateSettingEntity,
  lineChannel: lineChannelEntity,
  ssoSetting: ssoSettingEntity,
  ssoState: ssoStateEntity,
  ssoIdentity: ssoIdentityEntity,
  pushChannel: pushChannelEntity,
  messageProvider: messageProviderEntity,
  inboxItem: inboxItemEntity,
  whiteList: whiteListEntity,
  userDelegate: userDelegateEntity,
  userAlert: userAlertEntity,
} as const satisfies Record<string, EntityDef>;

export type EntityName = keyof typeof ENTITIES;
export const ENTITY_LIST: readonly EntityDef[] = Object.values(ENTITIES);
export const DEPLOYED_ENTITIES: readonly EntityDef[] = ENTITY_LIST.filter((d) => !d.localOnly);

export function tableName(prefix: string, entity: EntityName | EntityDef): string {
  const def: EntityDef = typeof entity === 'string' ? ENTITIES[entity] : entity;
  return `${prefix}${def.table ?? def.name}`;
}

export * from './entity';
export * from './app';
export * from './invitation';
export * from './localPorts';
export * from './organization';
export * from './userDelegate';
export * from './userAlert';
export * from './session';
export * from './user';
export * from './userRole';
export * from './templateCategory';
export * from './messageFolder';
export * from './planTag';
export * from './planCategory';
export * from './planGroup';
export * from './language';
export * from './actionList';
export * from './company';
export * from './journeyState';
export * from './kpiTarget';
export * from './dashboardGroup';
export * from './monthlyReport';
export * from './requestedReport';
export * from './geofenceTag';
export * from './beaconGroup';
export * from './delivery';
export * from './systemSetting';
export * from './messageUnsubscription';
export * from './messageLink';
export * from './snsRecord';
export * from './plan';
export * from './segment';
export * from './templateMessage';
export * from './account';
export * from './dataImport';

export * from './dataExport';
export * from './geofence';
export * from './segmentTag';
export * from './device';
export * from './application';
export * from './cloudSource';
export * from './presetParameter';
export * from './preset';
export * from './model';
export * from './lineChannel';
export * from './ssoSetting';
export * from './pushChannel';
export * from './messageProvider';
export * from './inbox';
export * from './approvalSheet';
export * from './notification';
export * from './trigger';
export * from './brandVoice';
