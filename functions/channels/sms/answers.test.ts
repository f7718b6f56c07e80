import { describe, expect, it } from 'vitest';
import { classifySms, deadSourceOf } from './answers';

describe('End User Messaging SMS answers', () => {
  const no = (code: string, detail?: string) => classifySms({ ok: false, code, ...(detail ? { detail } : {}) });

  it('a message id is sent; throttling is tried again later', () => {
    expect(classifySms({ ok: true, providerId: 'm-1' })).toEqual({ kind: 'sent', providerId: 'm-1' });
    expect(no('ThrottlingException')).toEqual({ kind: 'throttled' });
  });
  it('an opted-out number is dead and unsubscribed; a number the service cannot take is dead and bounced', () => {
    const optedOut = no('ConflictException', 'DESTINATION_PHONE_NUMBER_OPTED_OUT');
    expect(optedOut).toMatchObject({ kind: 'dead', reason: 'UNSUBSCRIBED' });
    expect(deadSourceOf(optedOut!)).toBe('UNSUBSCRIBE');
    const invalid = no('ValidationException', 'FIELD_VALIDATION_FAILED DestinationPhoneNumber');
    expect(invalid).toMatchObject({ kind: 'dead', reason: 'BOUNCE' });
    expect(deadSourceOf(invalid!)).toBe('BOUNCE');
  });
  it('refusals about the deployment fail the message without blaming the number', () => {
    expect(no('ValidationException', 'DESTINATION_COUNTRY_BLOCKED')).toMatchObject({
      kind: 'failed',
      reason: 'UNEXPECTED',
      detail: 'ValidationException: DESTINATION_COUNTRY_BLOCKED',
    });
    expect(no('ValidationException', 'PRICE_OVER_THRESHOLD DestinationPhoneNumber')).toMatchObject({ kind: 'failed' });
    expect(no('ServiceQuotaExceededException', 'MONTHLY_SPEND_LIMIT_REACHED_FOR_TEXT')).toMatchObject({ kind: 'failed', reason: 'CHANNEL_LIMIT_REACHED' });
    expect(no('AccessDeniedException', 'ACCOUNT_DISABLED')).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED' });
    expect(no('ResourceNotFoundException')).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED' });
    expect(no('ConflictException', 'DESTINATION_PHONE_NUMBER_NOT_VERIFIED')).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED' });
  });
  it('an internal error or an unknown answer is unknown: the message may have gone', () => {
    expect(no('InternalServerException')).toBeUndefined();
    expect(no('TimeoutError')).toBeUndefined();
  });
});
