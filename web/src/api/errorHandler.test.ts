/** Which text a failed call shows (spec 000 section 8). */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../../shared/errors';
import { ApiError } from './apiError';
import { messageFor } from './errorHandler';

describe('messageFor', () => {
  it('shows the catalogue text in the UI language', () => {
    const e = new ApiError('710002', 'Wrong username or password.', 'x');
    expect(messageFor(e, 'en')).toBe(ERROR_CATALOGUE['710002'].en);
    expect(messageFor(e, 'zh')).toBe(ERROR_CATALOGUE['710002'].zh);
    expect(messageFor(e, 'ja')).toBe(ERROR_CATALOGUE['710002'].ja);
  });

  it.each(['720005', '720006', '720007', '720009'])('shows the server text for %s', (code) => {
    expect(messageFor(new ApiError(code, 'server error', 'The field payload.name cannot be empty.'), 'en')).toBe('The field payload.name cannot be empty.');
    expect(messageFor(new ApiError(code, 'server error', null), 'en')).toBe('server error');
  });

  it('falls back to the catalogue when the server sent no text', () => {
    expect(messageFor(new ApiError('720007'), 'ja')).toBe(ERROR_CATALOGUE['720007'].ja);
  });

  it('shows the server text for a code the catalogue lacks, else the generic message', () => {
    expect(messageFor(new ApiError('999999', null, 'Something specific.'), 'en')).toBe('Something specific.');
    expect(messageFor(new ApiError('999999'), 'en')).toBe(ERROR_CATALOGUE['400000'].en);
  });
});
