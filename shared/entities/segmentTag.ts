import * as z from 'zod';
import { ACCOUNT_FIELDS, ATTRIBUTE_PREFIX } from '../segment/rule';
import { ATTRIBUTE_NAME } from './account';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const SEGMENT_TAG_TYPES = ['STRING', 'NUMBER', 'ENUM', 'DATE', 'BOOLEAN'] as const;
export type SegmentTagType = (typeof SEGMENT_TAG_TYPES)[number];
export const SEGMENT_TAG_GROUP_TYPES = ['PROFILE', 'BEHAVIOUR', 'DEVICE', 'CUSTOM'] as const;
export const ALLOW_VALUE_SOURCES = ['NONE', 'MANUAL'] as const;
/** spec 001 section 5: comma separated, up to 1000 */
export const ALLOW_VALUES_MAX = 1000;

export function allowedValues(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** Spec 001 3.12. */
export const segmentTagSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  code: requiredText('code', 64).regex(/^[A-Za-z][A-Za-z0-9_-]*$/, say('form.tagCodeChars')),
  valueType: z.enum(SEGMENT_TAG_TYPES, { error: say('validation.selectRequired', { param: say('field.valueType') }) }),
  columnName: requiredText('columnName', 80).refine(
    (c) => Object.hasOwn(ACCOUNT_FIELDS, c) || (c.startsWith(ATTRIBUTE_PREFIX) && ATTRIBUTE_NAME.test(c.slice(ATTRIBUTE_PREFIX.length))),
    'Use an account field such as country, or attributes.<name>.',
  ),
  superTag: z.boolean().default(false),
  tagGroup: z.string().trim().max(100).default(''),
  groupType: z.enum(SEGMENT_TAG_GROUP_TYPES).default('PROFILE'),
  allowValueSource: z.enum(ALLOW_VALUE_SOURCES).default('NONE'),
  allowValues: z
    .string()
    .max(20_000)
    .refine((v) => allowedValues(v).length <= ALLOW_VALUES_MAX, `At most ${ALLOW_VALUES_MAX} values, separated by commas.`)
    .default(''),
});

export type SegmentTag = z.output<typeof segmentTagSchema>;

export const segmentTagEntity = defineEntity({
  name: 'segmentTag',
  scope: 'tenant',
  schema: segmentTagSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.segmentTag.name', sortable: true, filter: 'text' },
    { field: 'code', label: 'entity.segmentTag.code', sortable: true, filter: 'text' },
    { field: 'valueType', label: 'entity.segmentTag.valueType', sortable: true, filter: 'select', format: 'option' },
    { field: 'columnName', label: 'entity.segmentTag.columnName' },
    { field: 'tagGroup', label: 'entity.segmentTag.tagGroup', sortable: true, filter: 'text' },
    { field: 'superTag', label: 'entity.segmentTag.superTag', filter: 'boolean', format: 'boolean' },
  ],
  permissions: { read: 'NAV_SEGMENT', write: 'NAV_SEGMENT_TAG' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'code', kind: 'text' },
      { field: 'valueType', kind: 'select', options: SEGMENT_TAG_TYPES },
      { field: 'columnName', kind: 'text' },
      { field: 'tagGroup', kind: 'text' },
      { field: 'groupType', kind: 'select', options: SEGMENT_TAG_GROUP_TYPES },
      { field: 'allowValueSource', kind: 'select', options: ALLOW_VALUE_SOURCES },
      { field: 'superTag', kind: 'boolean' },
      { field: 'allowValues', kind: 'textarea', wide: true },
    ],
    unique: [
      { field: 'name', code: '720001', message: say('entity.tagName') },
      { field: 'code', code: '720001', message: say('entity.tagCode') },
    ],
    inUse: { entity: 'segmentNode', field: 'segmentTagId', message: say('entity.tagInUseSegment') },
  },
});

/** Spec 001 3.12. */
export const segmentNodeSchema = z.object({
  ...tenantFields,
  title: requiredText('title', 100),
  cate: z.string().trim().max(100).default(''),
  state: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  segmentTagId: idString.optional(),
});

export const segmentNodeEntity = defineEntity({
  name: 'segmentNode',
  scope: 'tenant',
  schema: segmentNodeSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'title', label: 'entity.segmentNode.fields.title', sortable: true, filter: 'text' },
    { field: 'cate', label: 'entity.segmentNode.cate', sortable: true, filter: 'text' },
    { field: 'segmentTagId', label: 'entity.segmentNode.segmentTagId', format: 'ref', ref: 'segmentTag' },
    { field: 'state', label: 'entity.segmentNode.state', filter: 'select', format: 'option' },
  ],
  permissions: { read: 'NAV_SEGMENT', write: 'NAV_DATA_SOURCE_NODE' },
  crud: {
    titleField: 'title',
    defaultSort: { field: 'title', order: 'asc' },
    form: [
      { field: 'title', kind: 'text' },
      { field: 'cate', kind: 'text' },
      { field: 'segmentTagId', kind: 'ref', ref: 'segmentTag' },
      { field: 'state', kind: 'select', options: ['ACTIVE', 'INACTIVE'] },
    ],
    unique: [{ field: 'title', code: '720001', message: say('entity.nodeTitle') }],
  },
});
