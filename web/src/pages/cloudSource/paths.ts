/** Where the cloud source screens live (spec 000 section 2): the history opens a source by `?source=`, the records a delivery by `&delivery=`. */
export const SOURCES_PATH = '/library/cloud-source';
export const HISTORY_PATH = '/library/cloud-source/history';
export const RECORDS_PATH = '/library/cloud-source/history/record';

export const historyPath = (sourceId: string) => `${HISTORY_PATH}?source=${encodeURIComponent(sourceId)}`;
export const recordsPath = (sourceId: string, deliveryId: string) => `${RECORDS_PATH}?source=${encodeURIComponent(sourceId)}&delivery=${encodeURIComponent(deliveryId)}`;
