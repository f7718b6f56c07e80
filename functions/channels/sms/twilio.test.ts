import { describe, expect, it } from 'vitest';
import { classifyTwilio, twilioSignature, twilioWebhookUrl } from './twilio';

describe('Twilio', () => {
  it("signs a webhook as Twilio's documentation does: the URL, then each parameter's name and value sorted by name", () => {
    const params: [string, string][] = [
      ['CallSid', 'CA1234567890ABCDE'],
      ['Caller', '+14158675310'],
      ['Digits', '1234'],
      ['From', '+14158675310'],
      ['To', '+18005551212'],
    ];
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(twilioSignature('12345', url, params)).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    // the order they arrive in does not matter; a changed value or URL does
    expect(twilioSignature('12345', url, [...params].reverse())).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(twilioSignature('12345', url, [...params.slice(1), ['CallSid', 'CA0']])).not.toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(twilioSignature('12345', `${url}&x=1`, params)).not.toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
  });

  it('classifies its answers: sent, throttled, refused for good, a dead number, and a 5xx as unknown', () => {
    expect(classifyTwilio(201, { sid: 'SM1' })).toEqual({ kind: 'sent', providerId: 'SM1' });
    expect(classifyTwilio(429, { code: 20429, message: 'Too Many Requests' })).toEqual({ kind: 'throttled' });
    expect(classifyTwilio(400, { code: 14107, message: 'rate limit' })).toEqual({ kind: 'throttled' });
    expect(classifyTwilio(401, { code: 20003, message: 'Authenticate' })).toEqual({ kind: 'failed', reason: 'UNEXPECTED', detail: 'Twilio 401: Authenticate (20003)' });
    expect(classifyTwilio(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient' })).toMatchObject({ kind: 'dead', reason: 'UNSUBSCRIBED' });
    expect(classifyTwilio(400, { code: 21211, message: "Invalid 'To' Phone Number" })).toMatchObject({ kind: 'dead', reason: 'BOUNCE' });
    expect(classifyTwilio(400, { code: 21408, message: 'Permission' })).toMatchObject({ kind: 'failed', detail: 'Twilio 400: Permission (21408)' });
    expect(classifyTwilio(500, { code: 20500 })).toBeUndefined();
    expect(classifyTwilio(503, {})).toBeUndefined();
    // an answer of 201 without a message sid is no answer Herald can keep
    expect(classifyTwilio(201, {})).toBeUndefined();
  });

  it('names the webhook of one organization’s provider under Herald’s public address', () => {
    expect(twilioWebhookUrl('https://herald.example.com/', { orgId: 7, id: 'p1' }, 'status')).toBe('https://herald.example.com/service/twilio/7/p1/status');
  });
});
