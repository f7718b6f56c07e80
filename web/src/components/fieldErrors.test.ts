import { describe, expect, it } from 'vitest';
import { changedFields, clearedErrors } from './fieldErrors';

describe('field errors after an edit', () => {
  it('drops the edited fields’ errors and keeps the others', () => {
    expect(clearedErrors({ email: 'bad', roleId: 'pick one' }, ['email'])).toEqual({ roleId: 'pick one' });
  });
  it('answers the same object when nothing edited had an error (no re-render)', () => {
    const errors = { email: 'bad' };
    expect(clearedErrors(errors, ['firstName'])).toBe(errors);
  });
  it('names the fields that changed', () => {
    expect(changedFields({ password: 'a', confirmPassword: 'b' }, { password: 'a', confirmPassword: 'bc' })).toEqual(['confirmPassword']);
  });
});
