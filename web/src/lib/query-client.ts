import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { REDIRECT_AFTER_DENIAL_MS } from '#shared/constants.ts';
import { t } from '../i18n/i18n.ts';
import { type ApiError, isMfaEnrolmentRequired, isUnauthorized } from './api.ts';
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
 * query and mutation, so no screen has to remember to deal with an expired session, and one for the 403 of a user the
 * desk keeps to two-factor enrolment, who is sent to the enrolment screen.
 */
export function createQueryClient({
  onUnauthorized,
  onMfaEnrolmentRequired,
}: {
  onUnauthorized: () => void;
  /** Absent where nothing can be shown instead (tests of a single component). */
  onMfaEnrolmentRequired?: () => void;
}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
        if (isMfaEnrolmentRequired(error)) onMfaEnrolmentRequired?.();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.handlesUnauthorized) onUnauthorized();
        if (isMfaEnrolmentRequired(error)) onMfaEnrolmentRequired?.();
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
    // The toast store loads with the first screen that toasts (the sign-in form, any signed-in screen), not with the
    // first page's JavaScript (ADR 101); a session can only end once one of them is open, so it is at hand.
    void import('./notify.ts').then(({ notify }) =>
      notify('error', t('session.signedOutTitle'), t('session.signedOutBody')),
    );
    setTimeout(() => session.signIn(), REDIRECT_AFTER_DENIAL_MS);
  };
}
