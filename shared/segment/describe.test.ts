import { describe, expect, it } from 'vitest';
import { describeRule } from './describe';
import type { Rule } from './rule';

describe('describeRule', () => {
  it('reads the campaign rule as one short sentence, brackets only where needed', () => {
    const rule: Rule = {
      op: 'AND',
      conditions: [
        { field: 'country', operator: 'equals', value: 'JP' },
        { field: 'attributes.plan', operator: 'in', value: ['gold', 'platinum'] },
        { field: 'emailConsent', operator: 'equals', value: true },
        {
          op: 'OR',
          conditions: [
            { field: 'tags', operator: 'hasTag', value: 'vip' },
            { field: 'dateCreated', operator: 'withinLastDays', value: 30 },
          ],
        },
        { op: 'OR', conditions: [{ field: 'locale', operator: 'isSet' }] },
      ],
    };
    expect(describeRule(rule)).toBe(
      'country is "JP" and attribute plan is one of "gold", "platinum" and email consent is true and ' +
        '(has tag "vip" or date created is within the last 30 days) and locale is set',
    );
  });

  it('words every operator', () => {
    const rule: Rule = {
      op: 'OR',
      conditions: [
        { field: 'country', operator: 'notEquals', value: 'JP' },
        { field: 'country', operator: 'notIn', value: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'] },
        { field: 'email', operator: 'contains', value: '@example.com' },
        { field: 'lastName', operator: 'notContains', value: 'test' },
        { field: 'attributes.score', operator: 'gt', value: 1 },
        { field: 'attributes.score', operator: 'gte', value: 2 },
        { field: 'attributes.score', operator: 'lt', value: 3 },
        { field: 'attributes.score', operator: 'lte', value: 4.5 },
        { field: 'timeZone', operator: 'isNotSet' },
        { field: 'tags', operator: 'isSet' },
        { field: 'tags', operator: 'isNotSet' },
        { field: 'dateCreated', operator: 'before', value: '2026-01-31' },
        { field: 'dateUpdated', operator: 'after', value: '2026-01-31T09:30:00+09:00' },
        { field: 'dateCreated', operator: 'withinLastDays', value: 1 },
        { field: 'tags', operator: 'notHasTag', value: 'churn' },
      ],
    };
    expect(describeRule(rule).split(' or ')).toEqual([
      'country is not "JP"',
      'country is none of "A1", "A2", "A3", "A4", "A5" and 2 more',
      'email contains "@example.com"',
      'last name does not contain "test"',
      'attribute score is more than 1',
      'attribute score is at least 2',
      'attribute score is less than 3',
      'attribute score is at most 4.5',
      'time zone is not set',
      'has any tag',
      'has no tags',
      'date created is before 2026-01-31',
      'date updated is after 2026-01-31 00:30:00',
      'date created is within the last day',
      'does not have tag "churn"',
    ]);
  });
});
