import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, DeskSettings, UserSettings } from '#shared/schemas/settings.ts';
import type { SlaPolicy } from '#shared/schemas/sla.ts';
import { api } from '../../lib/api.ts';
import { userSettingsKeys, userSettingsQuery } from '../../lib/user-settings.ts';

// One cache entry (lib/user-settings.ts) serves the Settings page, the theme, the alarm preferences and the time zone that
// dates are shown in, so a save updates all of them at once.
export { userSettingsKeys, userSettingsQuery };

/** Replaces the user's settings whole (`PUT /api/user/settings`) and puts the stored result in the cache. */
export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) => api.put<UserSettings>('/api/user/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(userSettingsKeys.all, saved),
  });
}

/** Changes the signed-in user's own password; the server checks the current one. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ message: string }>('/api/user/change-password', input),
  });
}

const deskSettingsKey = ['desk-settings'] as const;

/** The desk's own settings (admins only): one set for the whole help desk, shown where each one applies. */
export const deskSettingsQuery = () =>
  queryOptions({
    queryKey: deskSettingsKey,
    queryFn: ({ signal }) => api.get<DeskSettings>('/api/desk-settings', { signal }),
  });

/** Replaces the desk's settings whole (`PUT /api/desk-settings`) and puts the stored result in the cache. */
export function useSaveDeskSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DeskSettings) => api.put<DeskSettings>('/api/desk-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(deskSettingsKey, saved),
  });
}

const slaPolicyKey = ['sla-policy'] as const;

/** The SLA policy (admins only): targets per priority and the business calendar. */
export const slaPolicyQuery = () =>
  queryOptions({
    queryKey: slaPolicyKey,
    queryFn: ({ signal }) => api.get<SlaPolicy>('/api/sla-policy', { signal }),
  });

/** Replaces the SLA policy whole (`PUT /api/sla-policy`) and puts the stored result in the cache. */
export function useSaveSlaPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SlaPolicy) => api.put<SlaPolicy>('/api/sla-policy', policy),
    onSuccess: (saved) => queryClient.setQueryData(slaPolicyKey, saved),
  });
}
