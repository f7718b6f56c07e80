/** Every permission code has a label of its own in every language, and the picker's filter matches both. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../../shared/permissions';
import adminTexts from '../../i18n/areas/admin.texts';
import { bySide } from '../../i18n/sideBySide';
import { filterPermissions } from './permissionLabels';

const LOCALES = bySide(adminTexts);
const { en, zh, ja } = LOCALES;

describe('permission labels', () => {
  it('covers the 68 codes of the spec and ORGANIZATION_CREATE', () => {
    expect(ALL_PERMISSIONS).toHaveLength(69);
  });

  describe.each(Object.entries(LOCALES))('%s', async (lang, resources) => {
    // No fallback language: a missing label would come back as its key.
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { [lang]: { translation: resources } }, lng: lang, fallbackLng: false, interpolation: { escapeValue: false } });

    it('labels every code', () => {
      const missing = ALL_PERMISSIONS.filter((code) => {
        const label = i18n.t(`permission.${code}`);
        return !label.trim() || label === `permission.${code}` || label === code;
      });
      expect(missing).toEqual([]);
    });

    it('has a label for no code that does not exist', () => {
      expect(Object.keys(resources.permission).filter((k) => !(ALL_PERMISSIONS as readonly string[]).includes(k))).toEqual([]);
    });

    // the English texts are the originals: the other languages are checked against them
    if (lang !== 'en')
      it('is translated, not the English text', () => {
        expect(ALL_PERMISSIONS.filter((code) => i18n.t(`permission.${code}`) === en.permission[code])).toEqual([]);
      });
  });

  it('reads as the examples say', () => {
    expect([en.permission.NAV_GEOFENCE, zh.permission.NAV_GEOFENCE, ja.permission.NAV_GEOFENCE]).toEqual(['Geofences', '地理围栏', 'ジオフェンス']);
    expect([en.permission.PLAN_PASS, zh.permission.PLAN_PASS, ja.permission.PLAN_PASS]).toEqual(['Approve plans', '审批通过计划', 'プランを承認']);
  });
});

describe('permission filter', () => {
  const codes = ['NAV_GEOFENCE', 'PLAN_PASS', 'PLAN_REJECT', 'JUNCTION_*'];
  const label = (code: string) => (en.permission as Record<string, string>)[code] ?? code;

  it('keeps every code for an empty query', () => {
    expect(filterPermissions(codes, '  ', label)).toEqual(codes);
  });

  it('matches the label, in any case', () => {
    expect(filterPermissions(codes, 'approve', label)).toEqual(['PLAN_PASS']);
    expect(filterPermissions(codes, 'GEOFENCES', label)).toEqual(['NAV_GEOFENCE']);
  });

  it('matches the code, with spaces for underscores', () => {
    expect(filterPermissions(codes, 'plan_', label)).toEqual(['PLAN_PASS', 'PLAN_REJECT']);
    expect(filterPermissions(codes, 'plan reject', label)).toEqual(['PLAN_REJECT']);
    expect(filterPermissions(codes, 'junction_*', label)).toEqual(['JUNCTION_*']);
  });

  it('matches labels of other languages', () => {
    const zhLabel = (code: string) => (zh.permission as Record<string, string>)[code];
    expect(filterPermissions(codes, '审批', zhLabel)).toEqual(['PLAN_PASS']);
  });
});
