import { describe, expect, it } from 'vitest';
import { shownName } from './seededNames';

describe('names Herald gave its own records', () => {
  it('are shown in the reader’s language', () => {
    expect(shownName('Default organization', 'ja')).toBe('デフォルト組織');
    expect(shownName('Administrator', 'zh')).toBe('管理员');
    expect(shownName('Administrator', 'en')).toBe('Administrator');
  });
  it('a name a person typed is shown as typed', () => {
    expect(shownName('Marketing', 'ja')).toBe('Marketing');
    expect(shownName('administrator', 'ja')).toBe('administrator');
  });
});
