import { type RouterHistory, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/** The screen of two-factor enrolment for a user the desk requires it of. */
const MFA_ENROLMENT_PATH = '/two-factor';

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

/**
 * Sends a user the desk keeps to two-factor enrolment to its screen (docs/decisions/083-staff-two-factor.md), once:
 * the requests of the screen they were on fail together.
 */
export function sendToMfaEnrolment(router: ReturnType<typeof createAppRouter>): void {
  if (router.state.location.pathname === MFA_ENROLMENT_PATH) return;
  void router.navigate({ to: MFA_ENROLMENT_PATH });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
