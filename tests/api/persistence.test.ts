/** `npm start` keeps its data: a restart on the same data folder finds what the last run wrote. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootLocal } from '../../functions/local/boot';
import { ApiClient } from '../support/herald';

const dataDir = mkdtempSync(join(tmpdir(), 'herald-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('local data folder', () => {
  it('survives a restart: seed once, same keys, same records', async () => {
    const first = await bootLocal({ dataDir, persistent: true, logLevel: 'silent', config: { adminPassword: undefined } });
    expect(first.seed.seeded).toBe(true);
    const password = first.seed.generatedAdminPassword!;
    expect(password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@#$%&]).{8,16}$/);
    const c = new ApiClient(first);
    await c.login('admin', password);
    await c.ok('userRole.save', { name: 'Kept', code: 'KEPT', permissions: ['NAV_HOME'] });
    const keys = readFileSync(join(dataDir, 'keys.json'), 'utf8');
    expect(statSync(join(dataDir, 'keys.json')).mode & 0o777).toBe(0o600);
    await first.stop();

    const second = await bootLocal({ dataDir, persistent: true, logLevel: 'silent' });
    try {
      expect(second.seed.seeded).toBe(false);
      expect(second.seed.generatedAdminPassword).toBeUndefined();
      expect(readFileSync(join(dataDir, 'keys.json'), 'utf8')).toBe(keys);
      const again = new ApiClient(second);
      await again.login('admin', password);
      const roles = await again.ok('userRole.getAll');
      expect(roles.map((r: { code: string }) => r.code)).toContain('KEPT');
    } finally {
      await second.stop();
    }
  });
});
