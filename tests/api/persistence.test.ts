/** `npm start` keeps its data: a restart on the same data folder finds what the last run wrote. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootLocal } from '../../functions/local/boot';
import { ensureSeed } from '../../functions/seed';
import { Store } from '../../functions/store/store';
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

  it('a deployment seeded before the Approver role existed gets it at its next start, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'herald-approver-'));
    const herald = await bootLocal({ dataDir: dir, persistent: true, logLevel: 'silent', config: { adminPassword: 'Seed@12345' } });
    try {
      const c = new ApiClient(herald);
      await c.login('admin', 'Seed@12345');
      const codes = async () => ((await c.ok('userRole.getAll')) as { code: string }[]).map((r) => r.code);
      const store = new Store(herald.rt);
      const role = (await store.forOrg(1).list('userRole')).find((r) => r.code === 'APPROVER')!;
      // as an older seed left it: no role, no code guard, no marker, not in the directory
      await store.delete('userRole', { orgId: 1, id: role.id });
      await store.delete('uniqueKey', { id: 'roleCode#1#APPROVER' });
      await store.delete('uniqueKey', { id: 'seed#approverRole#1' });
      const directory = (await store.get('roleDirectory', { orgId: 1 }))!;
      delete directory.names[role.id];
      delete directory.counts[role.id];
      await store.put('roleDirectory', directory);
      expect(await codes()).toEqual(['ADMIN']);

      // the next start runs the seed again
      expect((await ensureSeed(herald.rt)).seeded).toBe(false);
      const back = ((await c.ok('userRole.getAll')) as { id: string; code: string }[]).find((r) => r.code === 'APPROVER')!;
      expect((await c.ok('userRole.detail', { id: back.id })).permissions).toEqual([
        'NAV_HOME',
        'NAV_CREATE_NOTIFICATION',
        'PLAN_PASS',
        'PLAN_REJECT',
        'MESSAGE_TYPE_AD_HOC',
        'MESSAGE_TYPE_LIFECYCLE',
      ]);
      expect((await c.ok('userRole.getListByPage', { page: 0, size: 10 })).list.map((r: { code: string }) => r.code)).toContain('APPROVER');
      // an organization that deletes it keeps it deleted
      await c.ok('userRole.delete', { id: back.id });
      await ensureSeed(herald.rt);
      expect(await codes()).toEqual(['ADMIN']);
    } finally {
      await herald.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
