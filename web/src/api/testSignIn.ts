/** A sign-in object for unit tests of the session code (the shape auth.login answers). */
import type { SignIn } from '../../../shared/services';

export function testSignIn(fields: { accessToken: string; refreshToken: string; expiresIn: number; orgIds?: number[]; selectedOrg?: number }): SignIn {
  const orgIds = fields.orgIds ?? [];
  return {
    tokenType: 'Bearer',
    accessToken: fields.accessToken,
    expiresIn: fields.expiresIn,
    refreshToken: fields.refreshToken,
    userdetails: {
      id: 'u1',
      username: 'ann',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      language: 'en',
      timeZone: 'UTC',
      defaultLandingPage: '/dashboard',
      usageGuide: {},
      organizations: orgIds.map((id) => ({
        id,
        name: orgIds.length === 1 ? 'Default' : `Org ${id}`,
        code: orgIds.length === 1 ? 'DEFAULT' : `ORG${id}`,
        icon: '',
        isSelected: id === (fields.selectedOrg ?? orgIds[0]),
        role: { id: 'r1', name: 'Admin', code: 'ADMIN' },
      })),
      rolePermissions: ['NAV_DASHBOARD'],
    },
    loginType: 'NATIVE',
    loginUrl: null,
    logoutUrl: null,
  };
}
