/**
 * The place pickers' map tiles: a deployment's https XYZ template and its credit reach the portal in the
 * configuration; anything else (plain http, no {z}/{x}/{y}) is ignored, and the pickers keep their plain grid.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { defaultConfig } from '../../functions/platform/runtime';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald({
    config: { mapTiles: defaultConfig({ HERALD_MAP_TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png', HERALD_MAP_ATTRIBUTION: '© Example contributors' }).mapTiles },
  });
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

it('hands the configured tile server and its credit to the portal', async () => {
  const configuration = await admin.ok('auth.configuration');
  expect(configuration.systemBaseSetting).toMatchObject({ mapTileUrl: 'https://tile.example.org/{z}/{x}/{y}.png', mapAttribution: '© Example contributors' });
});

it('ignores an address that is not an https XYZ template', () => {
  for (const url of ['http://tile.example.org/{z}/{x}/{y}.png', 'https://tile.example.org/tiles.png', 'javascript:alert(1)//{z}{x}{y}', '']) {
    expect(defaultConfig({ HERALD_MAP_TILE_URL: url }).mapTiles.url, url).toBe('');
  }
  expect(defaultConfig({}).mapTiles).toEqual({ url: '', attribution: '' });
});
