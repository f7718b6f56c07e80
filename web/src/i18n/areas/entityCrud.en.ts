/**
 * The generic entity screens' list and dialog texts (add, edit, delete, secrets kept) in English, shared by every
 * registry entity. Registered with the entity screens' texts (./entity.ts).
 */
const entityCrudEn = {
  crud: {
    secretKeep: 'Set: leave empty to keep it',
    secretNew: 'Not set',
    headers: {
      key: 'Name of entry {{n}}',
      value: 'Value of entry {{n}}',
      place: 'Place of entry {{n}}',
      header: 'Header',
      query: 'Query',
      remove: 'Remove entry {{n}}',
      add: 'Add entry',
    },
    modelFields: {
      name: 'Name of field {{n}}',
      type: 'Type of field {{n}}',
      required: 'Field {{n}} is required',
      requiredShort: 'Required',
      remove: 'Remove field {{n}}',
      add: 'Add field',
      types: { TEXT: 'Text', NUMBER: 'Number', BOOLEAN: 'Yes/No', DATE: 'Date' },
    },
    map: {
      tilePicture: 'Map (zoom {{zoom}}): click to place the point',
      picture: 'Map of latitude and longitude (zoom {{zoom}}): click to place the point',
      hint: 'Click the map to place the point, or type its latitude and longitude.',
      at: '{{latitude}}, {{longitude}}',
      zoomIn: 'Zoom in',
      zoomOut: 'Zoom out',
      center: 'Centre the map on the point',
    },
    add: 'New {{one}}',
    edit: 'Edit {{one}}',
    created: '{{name}} was created.',
    saved: '{{name}} was saved.',
    deleteTitle: 'Delete {{one}}',
    deleteConfirm: 'Delete {{name}}?',
    deleted: '{{name}} was deleted.',
    taken: 'This {{field}} is already used.',
    choose: 'Select…',
  },
};

export type EntityCrudTexts = typeof entityCrudEn;
export default entityCrudEn;
