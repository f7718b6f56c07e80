import { describe, expect, it } from 'vitest';
import { browserLanguage } from './browserLanguage';

describe('browserLanguage', () => {
  it("follows the browser's first language we have", () => {
    expect(browserLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(browserLanguage(['zh-CN', 'zh'])).toBe('zh');
    expect(browserLanguage(['zh-Hant-TW'])).toBe('zh');
    expect(browserLanguage(['fr-FR', 'ja'])).toBe('ja');
    expect(browserLanguage(['en-GB', 'ja-JP'])).toBe('en');
  });
  it('is English when the browser names none of ours', () => {
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    expect(browserLanguage(undefined)).toBe('en');
  });
});
