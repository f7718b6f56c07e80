/** The presets' texts in English: the generic screens of presets and their categories, the builder and the picker. */
const presetEn = {
  entity: {
    preset: {
      one: 'preset',
      intro: 'Reusable content and parameter sets that templates and campaigns insert. A preset template is the starting point of new presets.',
      empty: 'No presets yet.',
      taken: 'A preset with this name already exists.',
      name: 'Name',
      categoryId: 'Category',
      channel: 'Channel',
      isTemplate: 'Preset template',
      description: 'Description',
      option: { channel: { ANY: 'Any channel', EMAIL: 'E-mail', PUSH_NATIVE: 'Push', SMS: 'SMS', LINE: 'LINE', DIRECT_MAIL: 'Letter' } },
      builderItem: 'Open {{name}} in the builder',
      fromTemplateItem: 'New preset from {{name}}',
    },
    presetCategory: {
      one: 'category',
      intro: 'Group presets so people find them.',
      empty: 'No categories yet.',
      name: 'Name',
      description: 'Description',
    },
  },
  presetBuilder: {
    back: 'Presets',
    newTitle: 'New preset',
    intro: 'Compose the preset from blocks, and choose the preset parameters its content uses with a default value each.',
    fromTemplate: 'Starting from the preset template {{name}}.',
    details: 'Details',
    content: 'Content',
    parameters: 'Parameters',
    parametersIntro: 'A recipient without a value of the parameter reads its default value.',
    noParameters: 'No parameters yet: add one to use its values in the content.',
    addParameter: 'Add parameter',
    parameter: 'Parameter {{position}}',
    column: 'Column of parameter {{position}}',
    defaultValue: 'Default value of parameter {{position}}',
    insertToken: 'Insert {{token}}',
    removeParameter: 'Remove parameter {{position}}',
    tokenInserted: '{{token}} was inserted.',
    saved: '{{name}} was saved.',
    loadError: 'The preset could not be loaded.',
  },
  presetPicker: {
    open: 'Insert preset',
    title: 'Insert a preset',
    label: 'Preset',
    none: 'No presets for this channel yet.',
    insert: 'Insert',
    inserted: '{{name}} was inserted.',
  },
};

export type PresetTexts = typeof presetEn;
export default presetEn;
