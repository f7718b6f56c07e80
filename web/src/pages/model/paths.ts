/** Where the model screens live (spec 000 section 2): the history opens a model by `?model=`, the records a run by `&delivery=`. */
export const MODELS_PATH = '/library/model';
export const MODEL_HISTORY_PATH = '/library/model/history';
export const MODEL_RECORDS_PATH = '/library/model/history/record';

export const modelHistoryPath = (modelId: string) => `${MODEL_HISTORY_PATH}?model=${encodeURIComponent(modelId)}`;
export const modelRecordsPath = (modelId: string, deliveryId: string) => `${MODEL_RECORDS_PATH}?model=${encodeURIComponent(modelId)}&delivery=${encodeURIComponent(deliveryId)}`;
