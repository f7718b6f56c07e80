/** A rule in one short English sentence, for lists, confirmations and logs. */
import { formatDateTime } from '../format';
import { toEpochMs } from './dates';
import { type AccountField, ATTRIBUTE_PREFIX, type Condition, isGroup, type Rule, type RuleGroup } from './rule';

const FIELD_LABELS: Record<AccountField, string> = {
  id: 'account id',
  email: 'email',
  phone: 'phone number',
  lineUserId: 'LINE user id',
  firstName: 'first name',
  lastName: 'last name',
  locale: 'locale',
  timeZone: 'time zone',
  country: 'country',
  addressRegion: 'prefecture or province',
  addressCity: 'city',
  addressPostcode: 'postcode',
  emailConsent: 'email consent',
  smsConsent: 'SMS consent',
  pushConsent: 'push consent',
  lineConsent: 'LINE consent',
  dateCreated: 'date created',
  dateUpdated: 'date updated',
  tags: 'tags',
};

const LIST_SHOWN = 5;

function fieldLabel(field: string): string {
  if (field.startsWith(ATTRIBUTE_PREFIX)) return `attribute ${field.slice(ATTRIBUTE_PREFIX.length)}`;
  return Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field as AccountField] : field;
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function showList(value: unknown): string {
  const list = Array.isArray(value) ? value : [value];
  const shown = list.slice(0, LIST_SHOWN).map(show).join(', ');
  return list.length > LIST_SHOWN ? `${shown} and ${list.length - LIST_SHOWN} more` : shown;
}

function showDate(value: unknown): string {
  return formatDateTime(toEpochMs(value)).replace(/ 00:00:00$/, '');
}

function describeCondition({ field, operator, value }: Condition): string {
  const f = fieldLabel(field);
  switch (operator) {
    case 'equals':
      return `${f} is ${show(value)}`;
    case 'notEquals':
      return `${f} is not ${show(value)}`;
    case 'in':
      return `${f} is one of ${showList(value)}`;
    case 'notIn':
      return `${f} is none of ${showList(value)}`;
    case 'contains':
      return `${f} contains ${show(value)}`;
    case 'notContains':
      return `${f} does not contain ${show(value)}`;
    case 'startsWith':
      return `${f} starts with ${show(value)}`;
    case 'gt':
      return `${f} is more than ${show(value)}`;
    case 'gte':
      return `${f} is at least ${show(value)}`;
    case 'lt':
      return `${f} is less than ${show(value)}`;
    case 'lte':
      return `${f} is at most ${show(value)}`;
    case 'isSet':
      return field === 'tags' ? 'has any tag' : `${f} is set`;
    case 'isNotSet':
      return field === 'tags' ? 'has no tags' : `${f} is not set`;
    case 'before':
      return `${f} is before ${showDate(value)}`;
    case 'after':
      return `${f} is after ${showDate(value)}`;
    case 'withinLastDays':
      return `${f} is within the last ${value === 1 ? 'day' : `${show(value)} days`}`;
    case 'hasTag':
      return `has tag ${show(value)}`;
    case 'notHasTag':
      return `does not have tag ${show(value)}`;
  }
}

function describeGroup(group: RuleGroup, nested: boolean): string {
  const parts = group.conditions.map((n) => (isGroup(n) ? describeGroup(n, true) : describeCondition(n)));
  const text = parts.join(group.op === 'AND' ? ' and ' : ' or ');
  return nested && parts.length > 1 ? `(${text})` : text;
}

export function describeRule(rule: Rule): string {
  return describeGroup(rule, false);
}
