/**
 * Segment tags in the rule editor (issue 10 item 3): a tag stands for its column (an account field or an
 * attribute); choosing one sets the condition's field, offers only the operators its value type allows, and its
 * allowed values as choices. The rule saved names the column, so a segment never depends on a tag's later edits.
 */
import useSWR from 'swr';
import { allowedValues, type SegmentTag, type SegmentTagType } from '../../../../shared/entities/segmentTag';
import { ATTRIBUTE_PREFIX, type Operator } from '../../../../shared/segment';
import { call } from '../../api/client';
import { type DraftCondition, type FieldChoice, operatorsOf } from './draft';

export interface SegmentTagOption {
  id: string;
  name: string;
  valueType: SegmentTagType;
  columnName: string;
  values: string[];
}

const TYPE_OPERATORS: Record<SegmentTagType, readonly Operator[]> = {
  STRING: ['equals', 'notEquals', 'in', 'notIn', 'contains', 'notContains', 'startsWith', 'isSet', 'isNotSet'],
  NUMBER: ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'isSet', 'isNotSet'],
  ENUM: ['equals', 'notEquals', 'in', 'notIn', 'isSet', 'isNotSet'],
  DATE: ['before', 'after', 'withinLastDays', 'isSet', 'isNotSet'],
  BOOLEAN: ['equals', 'notEquals', 'isSet', 'isNotSet'],
};

export function useSegmentTags(): SegmentTagOption[] {
  const { data } = useSWR(['segmentTag.getAll', {}], () => call('segmentTag.getAll', {}, { quiet: true }), { dedupingInterval: 10_000, shouldRetryOnError: false });
  // the generic CRUD answers plain rows, checked by the registry's schema on the server
  const rows = (data ?? []) as unknown as SegmentTag[];
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    valueType: t.valueType,
    columnName: t.columnName,
    values: t.allowValueSource === 'MANUAL' ? allowedValues(t.allowValues) : [],
  }));
}

/** The condition's field as a tag's column sets it. */
function fieldOf(tag: SegmentTagOption): Pick<DraftCondition, 'field' | 'attribute'> {
  return tag.columnName.startsWith(ATTRIBUTE_PREFIX)
    ? { field: 'attribute', attribute: tag.columnName.slice(ATTRIBUTE_PREFIX.length) }
    : { field: tag.columnName as FieldChoice, attribute: '' };
}

/** The operators a tag allows: its value type's, as far as its column takes them. */
export function tagOperators(tag: SegmentTagOption): Operator[] {
  const column = operatorsOf(fieldOf(tag).field);
  return TYPE_OPERATORS[tag.valueType].filter((o) => column.includes(o));
}

export function withTag(c: DraftCondition, tag: SegmentTagOption): DraftCondition {
  const operators = tagOperators(tag);
  return { ...c, ...fieldOf(tag), tagId: tag.id, operator: operators.includes(c.operator) ? c.operator : operators[0]!, value: '' };
}
