import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { REDIRECT_AFTER_DENIAL_MS } from '#shared/constants.ts';
import { t } from '../i18n/i18n.ts';
import { type ApiError, isUnauthorized } from './api.ts';
import { notify } from './notify.ts';
import type { Session } from './session.ts';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error;
    mutationMeta: {
      /** The mutation turns its own 401 into a message (the login form); skip the signed-out redirect. */
      handlesUnauthorized?: boolean;
    };
  }
}

/**
 * Cache defaults of docs/product.md §7 (never stale, no focus refetch, no retries) plus one 401 handler for every
 * query and mutation, so no screen has to remember to deal with an expired session.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.handlesUnauthorized) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Tells the user the session is gone, then starts sign-in after REDIRECT_AFTER_DENIAL_MS (docs/product.md §8).
 * Several requests failing together announce it once.
 */
export function createSignedOutHandler(session: Session): () => void {
  let leaving = false;
  return () => {
    if (leaving) return;
    leaving = true;
    notify('error', t('session.signedOutTitle'), t('session.signedOutBody'));
    setTimeout(() => session.signIn(), REDIRECT_AFTER_DENIAL_MS);
  };
}
