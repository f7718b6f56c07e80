import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES, type Rule } from '../../../../shared/segment';
import { checkDraft, type DraftCondition, type DraftGroup, fromRule, newCondition, newGroup, toRule } from './draft';

const condition = (c: Partial<DraftCondition>): DraftCondition => ({ ...newCondition(), ...c });

describe('rule draft', () => {
  it('reads typed values as the rule wants them', () => {
    const group: DraftGroup = {
      ...newGroup('OR'),
      conditions: [
        condition({ field: 'country', operator: 'in', value: 'JP, US,' }),
        condition({ field: 'attribute', attribute: 'zip', operator: 'equals', value: '01234' }),
        condition({ field: 'attribute', attribute: 'score', operator: 'gt', value: '80' }),
        condition({ field: 'attribute', attribute: 'level', operator: 'in', value: '1, 2, gold' }),
        condition({ field: 'emailConsent', operator: 'equals', value: 'true' }),
        condition({ field: 'dateCreated', operator: 'withinLastDays', value: '30' }),
        condition({ field: 'tags', operator: 'isSet', value: 'ignored' }),
      ],
    };
    expect(toRule(group)).toEqual({
      op: 'OR',
      conditions: [
        { field: 'country', operator: 'in', value: ['JP', 'US'] },
        { field: 'attributes.zip', operator: 'equals', value: '01234' },
        { field: 'attributes.score', operator: 'gt', value: 80 },
        { field: 'attributes.level', operator: 'in', value: [1, 2, 'gold'] },
        { field: 'emailConsent', operator: 'equals', value: true },
        { field: 'dateCreated', operator: 'withinLastDays', value: 30 },
        { field: 'tags', operator: 'isSet', value: undefined },
      ],
    });
    expect('rule' in checkDraft(group)).toBe(true);
  });

  it('gives a saved rule back as it was', () => {
    const rule: Rule = {
      op: 'AND',
      conditions: [
        { field: 'country', operator: 'equals', value: 'JP' },
        {
          op: 'OR',
          conditions: [
            { field: 'attributes.plan', operator: 'in', value: ['gold', 'silver'] },
            { field: 'dateCreated', operator: 'after', value: '2026-01-31' },
          ],
        },
      ],
    };
    expect(toRule(fromRule(rule))).toEqual(rule);
  });

  it('names the problem of each condition by its key', () => {
    const empty = condition({ field: 'country', operator: 'equals', value: '' });
    const badDays = condition({ field: 'dateCreated', operator: 'withinLastDays', value: '0' });
    const group: DraftGroup = { ...newGroup(), conditions: [empty, { ...newGroup(), conditions: [badDays] }] };
    const checked = checkDraft(group);
    expect('problems' in checked && [...checked.problems]).toEqual([
      [empty.key, RULE_MESSAGES.text],
      [badDays.key, RULE_MESSAGES.days],
    ]);
    expect(checkDraft({ ...group, conditions: [] })).toEqual({ problems: new Map([[group.key, RULE_MESSAGES.empty]]) });
    // in a zh or ja portal, the portal's language
    const zh = checkDraft(group, 'zh');
    expect('problems' in zh && [...zh.problems.values()]).toEqual(['值必须是 1 到 256 个字符的文本。', '值必须是 1 到 3650 之间的整数天数。']);
    const ja = checkDraft({ ...group, conditions: [] }, 'ja');
    expect('problems' in ja && [...ja.problems.values()]).toEqual(['検索範囲を絞り込む条件を追加してください']);
  });
});
