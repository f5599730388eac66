import type { QueryClient } from '@tanstack/react-query';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { Session } from './session.ts';

/** What every route's `beforeLoad` and component can reach (the pattern of TanStack Router's kitchen-sink example). */
export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
}

/** The session actions from the router context. */
export function useSession(): Session {
  return useRouteContext({ from: rootRouteId, select: (context) => context.session });
}
