/** Where the preset screens live (spec 000 section 2): the records open a parameter by `?parameter=`. */
export const PARAMETERS_PATH = '/library/preset-parameter';
export const RECORDS_PATH = '/library/preset-parameter/record';
export const recordsPath = (parameterId: string) => `${RECORDS_PATH}?parameter=${encodeURIComponent(parameterId)}`;
