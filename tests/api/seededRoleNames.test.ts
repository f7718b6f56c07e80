/** The role the seed makes is named in words the portal translates (web/src/i18n/seededNames.ts). */
import { describe, expect, it } from 'vitest';
import { approverRole } from '../../functions/services/userRole';
import { shownName } from '../../web/src/i18n/seededNames';

describe('names Herald gave its own records', () => {
  it('the ready-made Approver role reads in zh and ja, exactly as the seed stores it', () => {
    const role = approverRole(1, 0, 'system');
    expect(shownName(role.name, 'zh')).toBe('审批人');
    expect(shownName(role.name, 'ja')).toBe('承認者');
    expect(shownName(role.description, 'zh')).toBe('审阅消息并批准或驳回。');
    expect(shownName(role.description, 'ja')).toBe('メッセージを確認し、承認または却下します。');
  });
});
