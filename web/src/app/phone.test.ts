import { describe, expect, it } from 'vitest';
import { phoneText } from './phone';

describe('phoneText', () => {
  it("shows a number of the organization's country in its national form beside the international one", () => {
    expect(phoneText('+819012345678', 'JP')).toBe('090-1234-5678 (+81 90 1234 5678)');
    expect(phoneText('+8613800138000', 'CN')).toBe('138 0013 8000 (+86 138 0013 8000)');
  });

  it("shows another country's number, or any without an organization country, in the international form", () => {
    expect(phoneText('+8613800138000', 'JP')).toBe('+86 138 0013 8000');
    expect(phoneText('+819012345678', undefined)).toBe('+81 90 1234 5678');
  });

  it('keeps what it cannot read as stored', () => {
    expect(phoneText('+999123', 'JP')).toBe('+999123');
    expect(phoneText('U0123', 'JP')).toBe('U0123');
  });
});
