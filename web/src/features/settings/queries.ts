import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, UserSettings } from '#shared/schemas/settings.ts';
import { api } from '../../lib/api.ts';

export const settingsKeys = {
  all: ['settings'] as const,
  user: () => [...settingsKeys.all, 'user'] as const,
};

/**
 * The signed-in user's settings (`GET /api/user/settings`). One cache entry serves the Settings page, the theme,
 * the alarm preferences and the timezone that dates are shown in, so saving updates all of them at once.
 */
export const userSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.user(),
    queryFn: ({ signal }) => api.get<UserSettings>('/api/user/settings', { signal }),
    retry: false,
  });

/** Replaces the user's settings whole (`PUT /api/user/settings`) and puts the stored result in the cache. */
export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) => api.put<UserSettings>('/api/user/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.user(), saved),
  });
}

/** Changes the signed-in user's own password; the server checks the current one. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ message: string }>('/api/user/change-password', input),
  });
}
