import { queryOptions } from '@tanstack/react-query';
import type { User } from '#shared/schemas/user.ts';
import { api } from '../../lib/api.ts';

/**
 * The current user's query, which the route guards read before any screen renders. Apart from the hooks of
 * ./queries.ts, so that the first page's JavaScript carries no query observer (ADR 101).
 */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/** The current user, or null when nobody is signed in (a 401 is an answer here, not an error). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => api.getOrNullWhenSignedOut<User>('/api/auth/user', { signal }),
    retry: false,
  });
