/**
 * The property panel of a block, read from its schema in the block registry: which fields it has and in what
 * order, the choices of an enum, the range of a number, the length of a text. The control for a text follows its
 * name (colours, links and image addresses) or its length (the paragraph's rich text). A new block in the
 * registry gets its panel without any change here, as long as its fields are of these kinds.
 */
import type * as z from 'zod';
import { BLOCKS, type BlockType } from '../../../../shared/render';

export type FieldControl =
  | { field: string; kind: 'text' | 'url' | 'image' | 'richText' | 'dimension'; maxLength?: number }
  /** `automatic`: empty is a value of its own (the block chooses), not the default colour */
  | { field: string; kind: 'color'; automatic: boolean }
  | { field: string; kind: 'number'; min?: number; max?: number }
  | { field: string; kind: 'select'; options: readonly (string | number)[] }
  /** a list of short texts, one per line */
  | { field: string; kind: 'lines'; maxItems?: number; maxLength?: number }
  /** repeatable items with fields of their own (links of a link group); `blank` is a new item */
  | { field: string; kind: 'items'; fields: FieldControl[]; maxItems?: number; blank: Record<string, unknown> };

/** Fields the builder keeps for itself. */
const HIDDEN = new Set(['type', 'id']);
/** Texts longer than this are long text (spec 001 3.6), edited as rich text. */
const LONG_TEXT = 1000;

interface Def {
  type: string;
  innerType?: Introspected;
  in?: Introspected;
  options?: Introspected[];
  values?: unknown[];
  entries?: Record<string, string>;
}
interface Introspected {
  _zod: { def: Def };
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/** The schema under defaults, optionals and the input side of pipes (what the user types into). */
function base(schema: Introspected): Introspected {
  let current = schema;
  for (;;) {
    const def = current._zod.def;
    if ((def.type === 'default' || def.type === 'optional' || def.type === 'nullable') && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

export function controlFor(field: string, schema: z.ZodType): FieldControl | null {
  const s = base(schema as unknown as Introspected);
  const def = s._zod.def;
  switch (def.type) {
    case 'enum':
      return { field, kind: 'select', options: Object.values(def.entries ?? {}) };
    case 'union': {
      const parts = (def.options ?? []).map(base);
      if (parts.every((p) => p._zod.def.type === 'literal')) {
        return { field, kind: 'select', options: parts.flatMap((p) => (p._zod.def.values ?? []) as (string | number)[]) };
      }
      // a number or a text: a width or height in pixels, a percentage or auto
      return { field, kind: 'dimension' };
    }
    case 'array': {
      const items = s as unknown as { maxLength?: number | null; _zod: { def: { element?: Introspected } } };
      const element = items._zod.def.element ? base(items._zod.def.element) : undefined;
      if (element?._zod.def.type === 'object') {
        const shape = (element as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
        const fields = Object.entries(shape)
          .map(([name, s]) => controlFor(name, s))
          .filter((c): c is FieldControl => c !== null);
        const blank = (element as unknown as z.ZodObject).safeParse({});
        return { field, kind: 'items', fields, maxItems: items.maxLength ?? undefined, blank: blank.success ? (blank.data as Record<string, unknown>) : {} };
      }
      if (element?._zod.def.type !== 'string') return null;
      return { field, kind: 'lines', maxItems: items.maxLength ?? undefined, maxLength: element.maxLength ?? undefined };
    }
    case 'number':
      return { field, kind: 'number', min: s.minValue ?? undefined, max: s.maxValue ?? undefined };
    case 'string': {
      const maxLength = s.maxLength ?? undefined;
      if (/colou?r$/i.test(field)) {
        const empty = schema.safeParse('');
        return { field, kind: 'color', automatic: empty.success && empty.data === '' };
      }
      if (field === 'image' || field === 'icon') return { field, kind: 'image', maxLength };
      if (field === 'href' || field === 'video' || /url$/i.test(field)) return { field, kind: 'url', maxLength };
      if (maxLength !== undefined && maxLength > LONG_TEXT) return { field, kind: 'richText', maxLength };
      return { field, kind: 'text', maxLength };
    }
    default:
      return null;
  }
}

const cache = new Map<BlockType, FieldControl[]>();

/** The controls of a block type's panel, in the schema's field order. */
export function blockControls(type: BlockType): FieldControl[] {
  let controls = cache.get(type);
  if (!controls) {
    const shape = (BLOCKS[type].schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    controls = Object.entries(shape)
      .filter(([field]) => !HIDDEN.has(field))
      .map(([field, schema]) => controlFor(field, schema))
      .filter((c): c is FieldControl => c !== null);
    cache.set(type, controls);
  }
  return controls;
}
