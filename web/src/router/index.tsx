/** The hash router under /portalui/, built from the route table. */
import { createHashRouter, type RouteObject, replace } from 'react-router-dom';
import { setNavigator } from '../app/navigation';
import { AppLayout, pages } from '../pages';
import { ROOT_REDIRECT, ROUTES, type RouteDef } from '../routes';
import { guard, setCurrentLocationSource } from './guard';
import { PageFrame, RouteError, RootShell } from './RootShell';

function toRouteObject(def: RouteDef): RouteObject {
  const Page = def.page;
  return {
    path: def.path,
    loader: guard(def),
    handle: { route: def },
    element: (
      <PageFrame>
        <Page />
      </PageFrame>
    ),
  };
}

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

export function createAppRouter() {
  const router = createHashRouter(routes);
  setNavigator((to, opts) => router.navigate(to, { replace: opts?.replace ?? true }));
  setCurrentLocationSource(() => router.state.location);
  return router;
}
