import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile, seal, unseal } from './keys';

describe('key ring and sealing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'keys-'));
  const file = join(dir, 'nested', 'keys.json');

  it('creates the key file once, readable only by its owner, and reads the same keys back', () => {
    const a = loadOrCreateKeyFile(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const b = loadOrCreateKeyFile(file);
    expect(Buffer.from(b.jwtKey).equals(Buffer.from(a.jwtKey))).toBe(true);
    expect(a.sealKey.length).toBe(32);
  });

  it('seals secrets so the stored text neither shows nor survives tampering', () => {
    const keys = loadOrCreateKeyFile(file);
    const sealed = seal(keys, 'app-secret-value');
    expect(sealed).not.toContain('app-secret');
    expect(seal(keys, 'app-secret-value')).not.toBe(sealed);
    expect(unseal(keys, sealed)).toBe('app-secret-value');
    const raw = Buffer.from(sealed, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => unseal(keys, raw.toString('base64'))).toThrow();
    const other = loadOrCreateKeyFile(join(dir, 'other.json'));
    expect(() => unseal(other, sealed)).toThrow();
  });
});
