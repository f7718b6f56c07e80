/**
 * Geofences and beacons (issue 10 item 9, spec 001 3.14) on the generic CRUD stack: their rules, their references
 * to tags and groups (the organization's own only), the tag or group a record uses cannot be deleted, and a
 * beacon's uuid, major and minor are unique in the organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'geo'));
});
afterAll(() => herald?.stop());

const UUID = 'F7826DA6-4FA2-4E98-8024-BC5B71E0893E';

describe('geofences', () => {
  it('keep their tags, location and radius; a used tag cannot be deleted', async () => {
    const tag = await admin.ok('geofenceTag.save', { name: 'Stores', color: '#FF8800' });
    const fence = await admin.ok('geofence.save', {
      name: 'Shibuya store',
      tagIds: [tag.id],
      latitude: 35.6595,
      longitude: 139.7005,
      radius: 200,
      radiusUnit: 'M',
      address: 'Shibuya, Tokyo',
    });
    expect(fence).toMatchObject({ tagIds: [tag.id], latitude: 35.6595, longitude: 139.7005, radius: 200, radiusUnit: 'M' });
    const used = await admin.call('geofenceTag.delete', { id: tag.id });
    expect(used.body).toMatchObject({ errorCode: '720009', errorMessage: expect.stringContaining('used by a geofence') });
    await admin.ok('geofence.save', { ...fence, tagIds: [] });
    await admin.ok('geofenceTag.delete', { id: tag.id });
  });

  it("refuses bad coordinates and radii, and another organization's tags", async () => {
    const bad = async (payload: Record<string, unknown>) =>
      (await admin.call('geofence.save', { name: `Bad ${Math.random()}`, latitude: 35, longitude: 139, radius: 100, ...payload })).body;
    expect(await bad({ latitude: 91 })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('latitude must be between -90 and 90') });
    expect(await bad({ longitude: -181 })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('longitude') });
    expect(await bad({ radius: 0 })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('radius') });
    expect(await bad({ radiusUnit: 'MILES' })).toMatchObject({ errorCode: '400016' });
    const theirs = await other.ok('geofenceTag.save', { name: 'Theirs', color: '#000000' });
    expect(await bad({ tagIds: [theirs.id] })).toMatchObject({ errorCode: '720009', errorMessage: expect.stringContaining('tagIds') });
  });
});

describe('beacons', () => {
  it('are identified by uuid, major and minor, unique in the organization; a group with beacons cannot be deleted', async () => {
    const group = await admin.ok('beaconGroup.save', { name: 'Entrances' });
    const beacon = await admin.ok('beacon.save', { name: 'Front door', uuid: UUID, major: 1, minor: 7, groupId: group.id, latitude: 35.66, longitude: 139.7, radius: 5 });
    // the uuid is kept in lower case, so the same beacon written either way is one
    expect(beacon).toMatchObject({ uuid: UUID.toLowerCase(), major: 1, minor: 7, groupId: group.id, radius: 5 });
    const twin = await admin.call('beacon.save', { name: 'Front door again', uuid: UUID.toLowerCase(), major: 1, minor: 7 });
    expect(twin.body).toMatchObject({ errorCode: '720001', errorMessage: expect.stringContaining('uuid, major and minor') });
    await admin.ok('beacon.save', { name: 'Back door', uuid: UUID, major: 1, minor: 8 });
    // another organization may list the same beacon
    await other.ok('beacon.save', { name: 'Front door', uuid: UUID, major: 1, minor: 7 });
    expect((await admin.call('beaconGroup.delete', { id: group.id })).body.errorCode).toBe('720009');
    // a changed identity frees the old one
    await admin.ok('beacon.save', { ...beacon, minor: 9 });
    await admin.ok('beacon.save', { name: 'Side door', uuid: UUID, major: 1, minor: 7 });
  });

  it("refuses a bad uuid, out-of-range major and minor, and another organization's group", async () => {
    const bad = async (payload: Record<string, unknown>) => (await admin.call('beacon.save', { name: `B ${Math.random()}`, uuid: UUID, major: 2, minor: 2, ...payload })).body;
    expect(await bad({ uuid: 'not-a-uuid' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('UUID') });
    expect(await bad({ major: 65536 })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('0 to 65535') });
    expect(await bad({ minor: -1 })).toMatchObject({ errorCode: '400016' });
    expect(await bad({ minor: 1.5 })).toMatchObject({ errorCode: '400016' });
    const theirs = await other.ok('beaconGroup.save', { name: 'Theirs' });
    expect((await bad({ groupId: theirs.id })).errorCode).toBe('720009');
  });

  it('named majors belong to a group, which then cannot be deleted; their numbers are 16-bit', async () => {
    const group = await admin.ok('beaconGroup.save', { name: 'Stores' });
    const major = await admin.ok('beaconMajor.save', { name: 'Shibuya store', major: 12, groupId: group.id });
    expect(major).toMatchObject({ name: 'Shibuya store', major: 12, groupId: group.id });
    const refused = await admin.call('beaconGroup.delete', { id: group.id });
    expect(refused.body).toMatchObject({ errorCode: '720009', errorMessage: expect.stringContaining('named majors') });
    expect((await admin.call('beaconMajor.save', { name: 'Too big', major: 70000 })).body).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('0 to 65535'),
    });
    const theirs = await other.ok('beaconGroup.save', { name: 'Their stores' });
    expect((await admin.call('beaconMajor.save', { name: 'Elsewhere', major: 3, groupId: theirs.id })).body.errorCode).toBe('720009');
    await admin.ok('beaconMajor.delete', { id: major.id });
    await admin.ok('beaconGroup.delete', { id: group.id });
  });
});
