/**
 * The hash router under /portalui/, built from the route table: the one place where a route's page key becomes
 * the page's lazily loaded component.
 */
import { createHashRouter, type RouteObject, replace } from 'react-router-dom';
import { lazyPage } from '../app/lazyPage';
import { pages } from '../pages';
import { ROOT_REDIRECT, ROUTES, type RouteDef } from '../routes';
import { guard } from './guard';
import { PageFrame, RouteError, RootShell } from './RootShell';

function toRouteObject(def: RouteDef): RouteObject {
  const Page = pages[def.page];
  return {
    path: def.path,
    loader: guard(def),
    handle: { route: def },
    element: (
      <PageFrame>
        <Page key={def.path} entity={def.entity} />
      </PageFrame>
    ),
  };
}

/** The signed-in shell (side menu, top bar): its own chunk too, as the sign-in pages do not need it. */
const AppLayout = lazyPage(() => import('../layout/AppLayout'));

const NotFound = pages.notFound;

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => replace(ROOT_REDIRECT) },
      ...ROUTES.filter((r) => r.shell === 'bare').map(toRouteObject),
      {
        element: (
          <PageFrame>
            <AppLayout />
          </PageFrame>
        ),
        errorElement: <RouteError />,
        children: ROUTES.filter((r) => r.shell === 'app').map(toRouteObject),
      },
      {
        path: '*',
        element: (
          <PageFrame>
            <NotFound />
          </PageFrame>
        ),
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createHashRouter>;

/** The router; `app/wiring.ts` then hands it to the code that navigates outside React. */
export function createAppRouter(): AppRouter {
  return createHashRouter(routes);
}
