import { describe, expect, it } from 'vitest';
import type { Preset } from '../../../../shared/entities/preset';
import { presetDraftOf, toPresetPayload } from './presetDraft';

const template = {
  id: 'p1',
  version: 3,
  name: 'Welcome template',
  categoryId: 'c1',
  channel: 'EMAIL',
  isTemplate: true,
  description: 'greets',
  defaultLanguage: 'ja',
  contents: { ja: { subject: 'ようこそ', preheader: '', blocks: [{ type: 'paragraph', text: 'ようこそ' }] } },
  parameters: [{ parameterId: 'shop', alias: 'name', defaultValue: '当店' }],
} as unknown as Preset;

describe("the preset builder's draft", () => {
  it('opens a preset as it is, and a preset template as a new preset that keeps its filing and parameters', () => {
    expect(presetDraftOf(template, false).details).toEqual({ name: 'Welcome template', categoryId: 'c1', channel: 'EMAIL', isTemplate: true, description: 'greets' });
    const copy = presetDraftOf(template, true);
    expect(copy.details).toEqual({ name: '', categoryId: 'c1', channel: 'EMAIL', isTemplate: false, description: 'greets' });
    expect(copy.uses).toEqual(template.parameters);
  });

  it('saves what it opened, with the version read', () => {
    const payload = toPresetPayload(presetDraftOf(template, false), { id: 'p1', version: 3 });
    expect(payload).toMatchObject({ id: 'p1', version: 3, name: 'Welcome template', categoryId: 'c1', defaultLanguage: 'ja', parameters: template.parameters });
    expect(payload.contents.ja).toMatchObject({ subject: 'ようこそ', blocks: [{ type: 'paragraph', text: 'ようこそ' }] });
    expect(toPresetPayload(presetDraftOf(template, true), null)).not.toHaveProperty('id');
  });
});
