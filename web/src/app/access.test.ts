/** Where a tab goes when another tab of its session switched organization. */
import { expect, it } from 'vitest';
import type { Session } from '../api/sessionTypes';
import { stayOrLand } from './access';

const session = (rolePermissions: string[]) => ({ loginType: 'NATIVE', userdetails: { rolePermissions, defaultLandingPage: null, organizations: [] } }) as unknown as Session;

it('keeps the page and its query when the new organization lets the user open it', () => {
  expect(stayOrLand('/dashboard/subDashboard?group=2', session(['NAV_DASHBOARD']))).toBe('/dashboard/subDashboard?group=2');
});

it('sends the user to their landing page when the new organization does not', () => {
  expect(stayOrLand('/home', session(['NAV_DASHBOARD']))).toBe('/dashboard');
  expect(stayOrLand('/no-such-page', session(['NAV_DASHBOARD']))).toBe('/dashboard');
});
