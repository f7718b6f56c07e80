/** Where the message console lives (spec 000 section 2): a run's sends by `?plan=&run=`, a delivery's rows by `?source=&delivery=`. */
export const CONSOLE_PATH = '/library/message-console';
export const CAMPAIGNS_PATH = '/library/message-console/campaigns';
export const CAMPAIGN_RECORDS_PATH = '/library/message-console/campaigns/records';
export const CLOUD_PATH = '/library/message-console/cloud-sources';
export const CLOUD_RECORDS_PATH = '/library/message-console/cloud-sources/records';

/** `channel`: the run's, so a direct-mail run's letter downloads show before its first sends are read */
export const campaignRecordsPath = (planId: string, runId: string, channel?: string) =>
  `${CAMPAIGN_RECORDS_PATH}?plan=${encodeURIComponent(planId)}&run=${encodeURIComponent(runId)}${channel ? `&channel=${encodeURIComponent(channel)}` : ''}`;
export const cloudRecordsPath = (sourceId: string, deliveryId: string) => `${CLOUD_RECORDS_PATH}?source=${encodeURIComponent(sourceId)}&delivery=${encodeURIComponent(deliveryId)}`;
