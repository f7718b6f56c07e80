/** Where the preset screens live (spec 000 section 2): the records open a parameter by `?parameter=`. */
export const PARAMETERS_PATH = '/library/preset-parameter';
export const RECORDS_PATH = '/library/preset-parameter/record';
export const recordsPath = (parameterId: string) => `${RECORDS_PATH}?parameter=${encodeURIComponent(parameterId)}`;
/** The presets, and the builder: `?id=` opens a preset, `?template=` starts a new one from a preset template. */
export const PRESETS_PATH = '/library/preset';
export const BUILDER_PATH = '/library/preset/builder';
export const builderPath = (id: string) => `${BUILDER_PATH}?id=${encodeURIComponent(id)}`;
export const fromTemplatePath = (templateId: string) => `${BUILDER_PATH}?template=${encodeURIComponent(templateId)}`;
