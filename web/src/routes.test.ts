/**
 * The route table and the entity registry agree: every generic screen shows a CRUD entity, gated by its read
 * permission. A screen may wrap the generic one with actions of its own (apps: issuing a secret) and still name
 * its entity.
 */
import { describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDef } from '../../shared/entities';
import { CRUD_ENTITIES } from '../../shared/services';
import en from './i18n/locales/en';
import { DASHBOARD_LINKS, isComingSoon, ROUTES, routeFor } from './routes';

describe('generic entity routes', () => {
  const entityRoutes = ROUTES.filter((r) => r.entity !== undefined);

  it('every CRUD entity has one screen', () => {
    expect(entityRoutes.map((r) => r.entity).sort()).toEqual(CRUD_ENTITIES.map((d) => d.name).sort());
  });

  it.each(entityRoutes.map((r) => [r.path, r] as const))('%s is gated by its entity read permission and titled by its texts', (_path, route) => {
    const def: EntityDef = ENTITIES[route.entity as keyof typeof ENTITIES];
    expect('crud' in def).toBe(true);
    expect(route.permissions).toEqual([def.permissions?.read]);
    expect((en.entity as Record<string, { title: string }>)[route.entity!].title).toBeTruthy();
  });
});

describe('the honest menu', () => {
  it('the dashboard links only to menu screens that are built', () => {
    for (const path of DASHBOARD_LINKS) {
      const route = routeFor(path);
      expect(route?.menu, path).toBeDefined();
      expect(isComingSoon(route!), path).toBe(false);
    }
  });

  it('an entry is coming soon exactly when its route shows the "not available yet" page', () => {
    expect(ROUTES.filter((r) => r.menu && isComingSoon(r)).map((r) => r.path)).toEqual([]);
    expect(isComingSoon(routeFor('/campaigns')!)).toBe(false);
  });
});
