/** The preset records screen's texts in English. */
const presetEn = {
  preset: {
    noParameter: 'Choose a preset parameter on its list to see its values.',
    back: 'Preset parameters',
    usage: 'In a message: {{token}}',
    add: 'Add value',
    search: 'Key starts with',
    find: 'Find',
    loading: 'Loading values',
    empty: "No values. Upload the parameter's file, or add a value.",
    key: 'Key',
    alias: 'Alias',
    value: 'Value',
    more: 'Show more',
    editItem: 'Edit {{alias}} of {{key}}',
    deleteItem: 'Delete {{alias}} of {{key}}',
    deleteTitle: 'Delete value',
    deleteConfirm: 'Delete {{alias}} of {{key}}?',
    deleted: '{{alias}} of {{key}} was deleted.',
    saved: '{{alias}} of {{key}} was saved.',
    keyRequired: 'Please input the key!',
    aliasRequired: 'Please input the alias!',
  },
};
export default presetEn;
