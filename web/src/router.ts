import { type RouterHistory, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * The screen of a route that failed to load. Loaded apart from the first page's JavaScript, and fetched once the app
 * has started (main.tsx), so that it is at hand when the network or the API fails later.
 */
export const RouteErrorScreen = lazyRouteComponent(() => import('./components/RouteError.tsx'), 'RouteError');

/** The app's router; tests pass a memory history. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // TanStack Query owns data freshness; the router just asks it on every preload.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorScreen,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
