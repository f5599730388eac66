import { queryOptions, useMutation, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/constants.ts';
import { api } from '../../lib/api.ts';

/** The signed-in staff member, as `GET /api/auth/user` returns it. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isActive: boolean;
  profileImageUrl: string | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/** The current user, or null when nobody is signed in (a 401 is an answer here, not an error). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => api.getOrNullWhenSignedOut<CurrentUser>('/api/auth/user', { signal }),
    retry: false,
  });

/** The current user from the cache; routes ensure it in `beforeLoad`, so this never suspends there. */
export function useCurrentUser(): CurrentUser | null {
  return useSuspenseQuery(currentUserQuery()).data;
}

/** Re-reads the current user from the server and returns it. */
export function refreshCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
}

/** E-mail and password sign-in; the server sets the session cookies. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (credentials: Credentials) => api.post<CurrentUser>('/api/auth/agent-login', credentials),
    // A 401 here means wrong credentials, which the form shows; it is not an expired session.
    meta: { handlesUnauthorized: true },
  });
}
