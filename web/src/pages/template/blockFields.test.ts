import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { BLOCK_TYPES, BLOCKS } from '../../../../shared/render';
import templateTexts from '../../i18n/areas/template.texts';
import { blockControls, controlFor } from './blockFields';

describe('the property panel comes from the block schemas', () => {
  it.each(BLOCK_TYPES)('%s: every field of its schema has a control and a label', (type) => {
    const fields = Object.keys((BLOCKS[type].schema as unknown as z.ZodObject).shape).filter((f) => f !== 'type' && f !== 'id');
    const controls = blockControls(type);
    expect(controls.map((c) => c.field)).toEqual(fields);
    for (const c of controls) {
      expect(templateTexts.template.field, `${type}.${c.field}`).toHaveProperty(c.field);
      if (c.kind === 'select') for (const o of c.options) expect(templateTexts.template.option, `${c.field}.${o}`).toHaveProperty([c.field, String(o)]);
    }
  });

  it('reads choices, ranges, lengths and kinds', () => {
    const byField = (type: (typeof BLOCK_TYPES)[number]) => Object.fromEntries(blockControls(type).map((c) => [c.field, c]));
    expect(byField('heading')).toMatchObject({
      align: { kind: 'select', options: ['left', 'center', 'right'] },
      level: { kind: 'select', options: [1, 2, 3] },
      text: { kind: 'text', maxLength: 300 },
      color: { kind: 'color', automatic: true },
    });
    expect(byField('paragraph').text).toMatchObject({ kind: 'richText' });
    expect(byField('button')).toMatchObject({
      href: { kind: 'url' },
      width: { kind: 'number', min: 0, max: 600 },
      backgroundColor: { kind: 'color', automatic: false },
    });
    expect(byField('image')).toMatchObject({ image: { kind: 'image' }, width: { kind: 'dimension' }, alt: { kind: 'text' } });
    expect(byField('spacer').height).toMatchObject({ kind: 'number', min: 0, max: 200 });
  });

  it('has no control for kinds it does not know', () => {
    expect(controlFor('when', z.date())).toBeNull();
  });
});
