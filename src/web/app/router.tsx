import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { navigationGuard } from './guards.ts';
import { createRoutes } from './routes.tsx';

/** The browser's routes: the shared ones, with the navigation guard as the root's loader. */
export const browserRoutes: RouteObject[] = createRoutes(navigationGuard);

/** Loads the lazy page modules the current address needs, so a page the server painted hydrates
 * at once instead of showing nothing while its module arrives. */
export async function loadLazyMatches(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  );
}

/** The browser's router. After a painted page, the root's data is the server's (nothing), so the
 * guard does not run before hydration; main.tsx runs it right after. */
export function createRouter(painted: boolean) {
  return createBrowserRouter(browserRoutes, painted ? { hydrationData: { loaderData: { root: null } } } : {});
}
