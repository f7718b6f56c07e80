import { describe, expect, it } from 'vitest';
import { isWebAddress } from './externalAddress';

describe('the addresses the portal sends the browser to for an identity provider', () => {
  it('are http or https only', () => {
    expect(isWebAddress('https://idp.example/authorize?client_id=x')).toBe(true);
    expect(isWebAddress('http://127.0.0.1:4000/session/end')).toBe(true);
    for (const refused of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      '\tjavascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      '/relative',
      '',
    ]) {
      expect(isWebAddress(refused), refused).toBe(false);
    }
  });
});
