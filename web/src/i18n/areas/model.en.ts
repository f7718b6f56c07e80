/** The models' texts in English: the generic screen's block for the `model` entity (its title is in the main bundle) and its runs' links. */
const modelEn = {
  entity: {
    model: {
      one: 'model',
      intro: 'Models read from a cloud source; each delivery of the source is a run of the model that waits for confirmation when the source holds it.',
      empty: 'No models yet.',
      name: 'Name',
      description: 'Description',
      cloudSourceId: 'Cloud source',
      fields: 'Fields of its records',
    },
  },
  /** the model's history and records (the cloud source's screens over the model operations) */
  modelRuns: {
    back: 'Models',
    noModel: 'Choose a model in the list to see its runs.',
    history: 'History of {{name}}',
  },
};

export type ModelTexts = typeof modelEn;
export default modelEn;
