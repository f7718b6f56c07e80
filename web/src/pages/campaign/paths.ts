/** Where the campaign screens live (spec 000 section 2); the wizard and the detail open a message by `?id=`. */
export const CAMPAIGNS_PATH = '/campaigns';
export const WIZARD_PATH = '/campaigns/new-single';
export const DETAIL_PATH = '/campaigns/detail';
/** The list keeps its tab, page, sort and search under this key: a plain link to CAMPAIGNS_PATH finds it as it was left. */
export const CAMPAIGN_LIST_KEY = 'campaigns';

export type WizardStepName = 'content' | 'segmentation' | 'trigger' | 'company' | 'review';

export const wizardPath = (id?: string, step?: WizardStepName) => {
  const q = new URLSearchParams();
  if (id) q.set('id', id);
  if (step) q.set('step', step);
  const s = q.toString();
  return s ? `${WIZARD_PATH}?${s}` : WIZARD_PATH;
};

export const detailPath = (id: string, tab?: string) => `${DETAIL_PATH}?id=${encodeURIComponent(id)}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`;

/** The campaign builder: a saved campaign by `?id=`, its review section with `review`. */
export const BUILDER_PATH = '/builder';
export const builderPath = (id?: string, review = false) => (id ? `${BUILDER_PATH}?id=${encodeURIComponent(id)}${review ? '&review=1' : ''}` : BUILDER_PATH);
