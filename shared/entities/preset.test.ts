import { describe, expect, it } from 'vitest';
import { presetSchema, presetToken, withParameterDefaults } from './preset';

describe('a preset parameter token in inserted content', () => {
  const defaults = new Map([['shop.name', 'our shop']]);

  it('gets the set default where it has no fallback of its own, in every string of the content', () => {
    const content = { subject: 'From {{preset.shop.name}}', blocks: [{ type: 'paragraph', text: 'Hi {{ preset.shop.name }} and {{preset.shop.hours}}' }] };
    expect(withParameterDefaults(content, defaults)).toEqual({
      subject: 'From {{preset.shop.name|our shop}}',
      blocks: [{ type: 'paragraph', text: 'Hi {{preset.shop.name|our shop}} and {{preset.shop.hours}}' }],
    });
  });

  it('keeps a fallback the author wrote, and other tokens', () => {
    expect(withParameterDefaults('{{preset.shop.name|here}} {{firstName}}', defaults)).toBe('{{preset.shop.name|here}} {{firstName}}');
    expect(presetToken('shop', 'name')).toBe('{{preset.shop.name}}');
  });

  it('refuses a default value that would break the token', () => {
    const base = { orgId: 1, id: 'p', version: 1, dateCreated: 1, dateUpdated: 1, createdBy: 'u', updatedBy: 'u', name: 'P' };
    expect(presetSchema.safeParse({ ...base, parameters: [{ parameterId: 'x', alias: 'a', defaultValue: 'a}}b' }] }).success).toBe(false);
    expect(presetSchema.safeParse({ ...base, parameters: [{ parameterId: 'x', alias: 'a', defaultValue: 'a|b' }] }).success).toBe(false);
    expect(presetSchema.parse({ ...base, parameters: [{ parameterId: 'x', alias: 'a', defaultValue: '当店' }] }).parameters[0].defaultValue).toBe('当店');
  });
});
