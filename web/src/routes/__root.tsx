import { Outlet, createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from '../lib/router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Loaded when first needed: the first page's JavaScript carries only what the pages most visitors open need.
  notFoundComponent: lazyRouteComponent(() => import('../components/NotFoundPage.tsx'), 'NotFoundPage'),
});
