import { type QueryClient, useMutation, useSuspenseQuery } from '@tanstack/react-query';
import type { MfaChallengeAnswer } from '#shared/schemas/mfa.ts';
import type { LoginInput, User } from '#shared/schemas/user.ts';
import { api } from '../../lib/api.ts';
import { currentUserQuery } from './current-user.ts';

/** The current user from the cache; routes ensure it in `beforeLoad`, so this never suspends there. */
export function useCurrentUser(): User | null {
  return useSuspenseQuery(currentUserQuery()).data;
}

/** Re-reads the current user from the server and returns it. */
export function refreshCurrentUser(queryClient: QueryClient): Promise<User | null> {
  return queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
}

/**
 * E-mail and password sign-in; the server sets the session cookies, or, for a user with two-factor sign-in on, answers
 * `{ mfaRequired: true }` with a challenge cookie that the code step (useMfaSignInMutation) turns into the session.
 */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (credentials: LoginInput) => api.post<User | MfaChallengeAnswer>('/api/auth/agent-login', credentials),
    // A 401 here means wrong credentials, which the form shows; it is not an expired session.
    meta: { handlesUnauthorized: true },
  });
}

/** The sign-in's second step: a code from the authenticator app or a recovery code; the server sets the session. */
export function useMfaSignInMutation() {
  return useMutation({
    mutationFn: (code: string) => api.post<User>('/api/auth/mfa', { code }),
    // A 401 here is a wrong code or an expired challenge, which the form shows.
    meta: { handlesUnauthorized: true },
  });
}
