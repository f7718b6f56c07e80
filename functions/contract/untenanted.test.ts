/**
 * `untenantedStore` hands a request's untenanted store to the few modules that truly work across organizations
 * (each listed with why); every other handler gets the tenant store and the named capabilities alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ALLOWED = new Map([
  ['functions/contract/untenanted.ts', 'defines it'],
  [
    'functions/api/steps.ts',
    "binds the tenant store and the own organization to the verified identity; a payload's target organization is authorized with the caller's role there",
  ],
  ['functions/services/auth/session.ts', 'sign-in and sessions: the user directory, sessions and memberships in every organization of the user'],
  ['functions/services/auth/links.ts', 'sign-in links: the user directory and the link table are global'],
  ['functions/services/auth/sso.ts', 'single sign-on: an organization found by its code, its provider setting, the accounts it creates and signs in'],
  ['functions/services/auth/ssoAddress.ts', 'single sign-on: the provider settings and the accounts they sign in'],
  ['functions/services/organization/handlers.ts', 'organization administration: creating organizations and their records by id across organizations'],
  ['functions/services/user/membership.ts', 'accounts and memberships: the user directory, its unique guards, invitations answered from any organization'],
  ['functions/services/user/users.ts', 'a password change: the account and its snapshot in every organization of its owner'],
  ['functions/services/user/memberListing.ts', 'the member listing and role directory, global tables keyed by the caller organization'],
  ['functions/services/user/delegations.ts', 'membership changes write the listing row and role counts, global tables keyed by the caller organization'],
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

it('is asked for only by the listed modules', () => {
  const users = sources('functions').filter((f) => readFileSync(f, 'utf8').includes('untenantedStore('));
  expect(users.filter((f) => !ALLOWED.has(f))).toEqual([]);
  // a listed module that no longer asks leaves the list
  expect([...ALLOWED.keys()].filter((f) => !users.includes(f))).toEqual([]);
});

it('leaves no untenanted store on a handler context by name', () => {
  const named = sources('functions/services').filter((f) => /\bctx\.platform\b|platform: store\b/.test(readFileSync(f, 'utf8')));
  expect(named).toEqual([]);
});
